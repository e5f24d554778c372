/**
 * What we sent, read back for WhatsApp: when a recipient's phone cannot
 * decrypt one of our messages it asks for it again, and Baileys re-encrypts
 * the content we give it here. The send path keeps the message as Baileys
 * returned it (providerData.sent, protobuf JSON). A customer's message is
 * kept as Baileys delivered it (providerData, WebMessageInfo JSON): what
 * changes it later (a vote, an encrypted edit) opens with its secret.
 */
import { proto } from "@whiskeysockets/baileys";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { jidsOf } from "./message-secret.js";
import { messages } from "../../db/schema/index.js";

export async function sentContent(
  db: Db,
  whatsappId: number,
  wid: string | null | undefined,
): Promise<proto.IMessage | undefined> {
  if (!wid) return undefined;
  const [row] = await db
    .select({ data: messages.providerData })
    .from(messages)
    .where(and(eq(messages.whatsappId, whatsappId), eq(messages.wid, wid), eq(messages.fromMe, true)));
  const sent = (row?.data as { sent?: { message?: object } } | null)?.sent?.message;
  return sent ? proto.Message.fromObject(sent) : undefined;
}

/** What ingest kept of a message (raw WebMessageInfo JSON), by its WhatsApp id on this connection. */
async function storedRawOf(db: Db, whatsappId: number, wid: string): Promise<unknown> {
  const [row] = await db
    .select({ data: messages.providerData })
    .from(messages)
    .where(and(eq(messages.whatsappId, whatsappId), eq(messages.wid, wid)));
  return row?.data ?? undefined;
}

/** Where the secrets of earlier messages come from (votes, encrypted edits): the stored originals, and who we are. */
export function secretSources(db: Db, whatsappId: number, user: { id: string; lid?: string } | undefined) {
  return {
    storedRaw: (wid: string) => storedRawOf(db, whatsappId, wid),
    ownJids: jidsOf(user?.id, user?.lid),
  };
}
