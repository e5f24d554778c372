/**
 * Who may do what with a chat (business-areas §6 "Internal chat"): its
 * members read it, write in it and mark it read; only its owner edits or
 * deletes it. Another company's chat answers 404 as if it did not exist; a
 * chat of the company the user is not in answers 403.
 */
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { chats } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { AccessClaims } from "../auth/tokens.js";
import { findChat, isMember, type ChatRow } from "./chats.queries.js";

export async function assertMember(db: Db | Tx, who: AccessClaims, chat: ChatRow): Promise<ChatRow> {
  if (!(await isMember(db, chat.id, who.id))) throw new AppError("ERR_NO_PERMISSION");
  return chat;
}

export async function loadMemberChat(db: Db, who: AccessClaims, id: number): Promise<ChatRow> {
  const chat = await findChat(db, who.companyId, id);
  if (!chat) throw new AppError("ERR_NOT_FOUND");
  return assertMember(db, who, chat);
}

/** The chat row locked for this transaction: what a message or an edit changes happens one at a time. */
async function lockChat(tx: Tx, who: AccessClaims, id: number): Promise<ChatRow> {
  const [chat] = await tx
    .select()
    .from(chats)
    .where(and(eq(chats.id, id), eq(chats.companyId, who.companyId)))
    .for("update");
  if (!chat) throw new AppError("ERR_NOT_FOUND");
  return chat;
}

export async function lockMemberChat(tx: Tx, who: AccessClaims, id: number): Promise<ChatRow> {
  return assertMember(tx, who, await lockChat(tx, who, id));
}

export async function lockOwnedChat(tx: Tx, who: AccessClaims, id: number): Promise<ChatRow> {
  const chat = await lockChat(tx, who, id);
  if (chat.ownerId !== who.id) throw new AppError("ERR_NO_PERMISSION");
  return chat;
}
