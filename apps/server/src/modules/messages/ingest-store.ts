/**
 * The one transaction of ingest: contact upsert → the contact's active ticket
 * on this connection (found or created) → the message → the ticket's unread
 * count and last message. Races between concurrent deliveries are settled by
 * the unique indexes (contacts_company_number_uq, tickets_active_contact_uq,
 * messages_whatsapp_wid_uq): insert … on conflict do nothing, then read what
 * the other transaction committed.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { InboundMessage } from "../../channels/driver.js";
import type { Db } from "../../db/client.js";
import { contacts, messages, tickets } from "../../db/schema/index.js";
import type { StoredMedia } from "../../media/storage.js";
import { lastMessageOf } from "./last-message.js";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type ContactRow = typeof contacts.$inferSelect;
export interface IngestConnection {
  id: number;
  companyId: number;
}

export interface StoredInbound {
  messageId: number;
  ticketId: number;
  /** Contacts this message made (the chat, a group's participant), for the contacts page. */
  newContacts: ContactRow[];
}

async function upsertContact(
  tx: Tx,
  connection: IngestConnection,
  who: { number: string; name: string; isGroup: boolean },
  created: ContactRow[],
): Promise<ContactRow> {
  const name = who.name.trim() || who.number;
  const [inserted] = await tx
    .insert(contacts)
    .values({
      companyId: connection.companyId,
      number: who.number,
      name,
      isGroup: who.isGroup,
      whatsappId: connection.id,
    })
    .onConflictDoNothing({ target: [contacts.companyId, contacts.number] })
    .returning();
  if (inserted) {
    created.push(inserted);
    return inserted;
  }
  const [existing] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, connection.companyId), eq(contacts.number, who.number)));
  // A contact known only by its number takes the name WhatsApp gives; a name someone typed stays.
  if (existing && existing.name === existing.number && name !== who.number) {
    const [renamed] = await tx
      .update(contacts)
      .set({ name, updatedAt: new Date() })
      .where(eq(contacts.id, existing.id))
      .returning();
    return renamed!;
  }
  return existing!;
}

/** One active (not closed) ticket per contact and connection; a new one is pending, no queue, no user. */
async function activeTicket(tx: Tx, connection: IngestConnection, contact: ContactRow) {
  const now = new Date();
  await tx
    .insert(tickets)
    .values({
      companyId: connection.companyId,
      contactId: contact.id,
      whatsappId: connection.id,
      status: "pending",
      isGroup: contact.isGroup,
      queuedAt: now,
    })
    .onConflictDoNothing();
  const [ticket] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.contactId, contact.id), eq(tickets.whatsappId, connection.id), ne(tickets.status, "closed")));
  return ticket!;
}

async function messageIdOf(tx: Tx | Db, connection: IngestConnection, wid: string | undefined) {
  if (!wid) return null;
  const [row] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(eq(messages.companyId, connection.companyId), eq(messages.whatsappId, connection.id), eq(messages.wid, wid)),
    );
  return row?.id ?? null;
}

/** Already stored (a repeated delivery): checked before downloading its media. */
export async function isStored(db: Db, connection: IngestConnection, wid: string): Promise<boolean> {
  return (await messageIdOf(db, connection, wid)) !== null;
}

/** Undefined when the message was already stored (a concurrent repeat of the same delivery). */
export function storeInbound(
  db: Db,
  connection: IngestConnection,
  inbound: InboundMessage,
  media: StoredMedia | undefined,
): Promise<StoredInbound | undefined> {
  return db.transaction(async (tx) => {
    const newContacts: ContactRow[] = [];
    const chat = await upsertContact(
      tx,
      connection,
      { number: inbound.chatNumber, name: inbound.chatName, isGroup: inbound.isGroup },
      newContacts,
    );
    // In a group the participant who wrote is a contact too, and the message's sender.
    const sender =
      inbound.isGroup && inbound.sender && !inbound.fromMe
        ? await upsertContact(tx, connection, { ...inbound.sender, isGroup: false }, newContacts)
        : undefined;
    const ticket = await activeTicket(tx, connection, chat);
    // A reaction quotes the message it reacts to, so the client can show it beside that one.
    const quotedMsgId = await messageIdOf(tx, connection, inbound.reaction?.targetWid ?? inbound.quotedWid);
    const [message] = await tx
      .insert(messages)
      .values({
        companyId: connection.companyId,
        ticketId: ticket.id,
        whatsappId: connection.id,
        wid: inbound.wid,
        contactId: inbound.fromMe ? null : (sender ?? chat).id,
        fromMe: inbound.fromMe,
        body: inbound.body,
        read: inbound.fromMe,
        // Sent from the phone: already on WhatsApp's servers.
        ack: inbound.fromMe ? 2 : 1,
        mediaType: inbound.mediaType,
        mediaPath: media?.mediaPath ?? null,
        mediaName: media?.mediaName ?? null,
        quotedMsgId,
        providerData: inbound.raw ?? null,
        createdAt: inbound.timestamp,
      })
      .onConflictDoNothing({ target: [messages.whatsappId, messages.wid] })
      .returning({ id: messages.id });
    if (!message) return undefined;
    await tx
      .update(tickets)
      .set({
        // An outgoing message (sent from the phone) counts as the attendant having read the chat.
        unreadMessages: inbound.fromMe ? 0 : sql`${tickets.unreadMessages} + 1`,
        lastMessage: lastMessageOf({ ...inbound, mediaName: media?.mediaName }),
        updatedAt: new Date(),
      })
      .where(eq(tickets.id, ticket.id));
    return { messageId: message.id, ticketId: ticket.id, newContacts };
  });
}

/** An edit replaces the original's body; a revoke marks it deleted, its text kept for the agents. */
export async function changeStored(
  db: Db,
  connection: IngestConnection,
  change: { wid: string; body?: string; revoked?: boolean },
) {
  const [row] = await db
    .update(messages)
    .set({
      ...(change.body !== undefined ? { body: change.body, isEdited: true } : {}),
      ...(change.revoked ? { isDeleted: true } : {}),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(messages.companyId, connection.companyId),
        eq(messages.whatsappId, connection.id),
        eq(messages.wid, change.wid),
      ),
    )
    .returning({ id: messages.id, ticketId: messages.ticketId });
  return row;
}
