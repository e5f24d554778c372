/**
 * The message as the spec's client reads it (core-platform §3 "Message"),
 * hydrated for a page of ids in one query, quoted message and sender included.
 */
import type { Ack, MediaType, MessageDto } from "@balcao/contracts";
import { and, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { contacts, messages, tickets, whatsapps } from "../../db/schema/index.js";

/** Media is served to the company's signed-in users under {host}/public/ (DESIGN §4). */
export function mediaUrlOf(mediaPath: string | null): string | null {
  return mediaPath ? `/api/public/${mediaPath}` : null;
}

const quoted = alias(messages, "quoted");
const quotedContact = alias(contacts, "quoted_contact");

export async function loadMessages(db: Db, companyId: number, ids: number[]): Promise<MessageDto[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      message: messages,
      contact: contacts,
      ticket: { id: tickets.id, uuid: tickets.uuid },
      whatsappName: whatsapps.name,
      quoted,
      quotedContactName: quotedContact.name,
    })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .leftJoin(contacts, eq(contacts.id, messages.contactId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .leftJoin(quoted, eq(quoted.id, messages.quotedMsgId))
    .leftJoin(quotedContact, eq(quotedContact.id, quoted.contactId))
    .where(and(eq(messages.companyId, companyId), inArray(messages.id, ids)));
  const byId = new Map(
    rows.map(({ message: m, contact: c, ticket, whatsappName, quoted: q, quotedContactName }) => {
      const dto: MessageDto = {
        id: m.id,
        wid: m.wid,
        ticketId: m.ticketId,
        contactId: m.contactId,
        userId: m.userId,
        fromMe: m.fromMe,
        body: m.body,
        read: m.read,
        ack: m.ack as Ack,
        mediaType: m.mediaType as MediaType,
        mediaUrl: mediaUrlOf(m.mediaPath),
        mediaName: m.mediaName,
        isDeleted: m.isDeleted,
        isEdited: m.isEdited,
        sendError: m.sendError,
        quotedMsg: q
          ? {
              id: q.id,
              fromMe: q.fromMe,
              body: q.body,
              mediaType: q.mediaType as MediaType,
              mediaUrl: mediaUrlOf(q.mediaPath),
              contact: quotedContactName !== null ? { name: quotedContactName } : null,
            }
          : null,
        contact: c ? { id: c.id, name: c.name, number: c.number, profilePicUrl: c.profilePicUrl } : null,
        ticket: { id: ticket.id, uuid: ticket.uuid, whatsapp: whatsappName !== null ? { name: whatsappName } : null },
        companyId: m.companyId,
        createdAt: m.createdAt.toISOString(),
        updatedAt: m.updatedAt.toISOString(),
      };
      return [m.id, dto] as const;
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function loadMessage(db: Db, companyId: number, id: number): Promise<MessageDto | undefined> {
  const [message] = await loadMessages(db, companyId, [id]);
  return message;
}
