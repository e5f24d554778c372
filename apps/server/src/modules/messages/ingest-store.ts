/**
 * Where ingest writes: contact → the contact's active ticket on this
 * connection → the message → the ticket's unread count and last message.
 *
 * Most messages come from a contact who already has an active ticket; they
 * take one statement (no transaction round trips): find and lock that ticket,
 * insert the message, update the ticket. The rest — a new contact, a name to
 * take, no active ticket, a group — take a transaction that makes the contact
 * and the ticket first, then the same message statement.
 *
 * Races between concurrent deliveries are settled by the unique indexes
 * (contacts_company_number_uq, tickets_active_contact_uq,
 * messages_whatsapp_wid_uq): insert … on conflict, then read what the other
 * transaction committed. Raw statements return ids and flags only, so both
 * drivers (PGlite and node-postgres) answer them alike.
 */
import { and, eq, getTableColumns, ne, sql, type SQL } from "drizzle-orm";
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

/** The name a contact takes from WhatsApp: the profile name, or the number when there is none. */
const nameOf = (who: { number: string; name: string }) => who.name.trim() || who.number;

/**
 * A contact known only by its number takes the name WhatsApp gives; a name someone typed stays.
 * One statement: insert, or on conflict rename when that rule says so (the row comes back either
 * way, with `inserted` telling which happened).
 */
async function upsertContact(
  tx: Tx,
  connection: IngestConnection,
  who: { number: string; name: string; isGroup: boolean },
  created: ContactRow[],
): Promise<ContactRow> {
  const takesName = sql`${contacts.name} = ${contacts.number} and excluded.name <> excluded.number`;
  const [row] = await tx
    .insert(contacts)
    .values({
      companyId: connection.companyId,
      number: who.number,
      name: nameOf(who),
      isGroup: who.isGroup,
      whatsappId: connection.id,
    })
    .onConflictDoUpdate({
      target: [contacts.companyId, contacts.number],
      set: {
        name: sql`case when ${takesName} then excluded.name else ${contacts.name} end`,
        updatedAt: sql`case when ${takesName} then now() else ${contacts.updatedAt} end`,
      },
    })
    .returning({ ...getTableColumns(contacts), inserted: sql<boolean>`xmax = 0` });
  const { inserted, ...contact } = row!;
  if (inserted) created.push(contact);
  return contact;
}

/** One active (not closed) ticket per contact and connection; a new one is pending, no queue, no user. */
async function activeTicketId(tx: Tx, connection: IngestConnection, contact: ContactRow, isNew: boolean) {
  const find = async () => {
    const [found] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(
        and(eq(tickets.contactId, contact.id), eq(tickets.whatsappId, connection.id), ne(tickets.status, "closed")),
      );
    return found?.id;
  };
  // A contact made by this very message has no ticket yet.
  const existing = isNew ? undefined : await find();
  if (existing) return existing;
  const [created] = await tx
    .insert(tickets)
    .values({
      companyId: connection.companyId,
      contactId: contact.id,
      whatsappId: connection.id,
      status: "pending",
      isGroup: contact.isGroup,
      queuedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: tickets.id });
  // Nothing inserted: a concurrent delivery's ticket won (committed, since the insert waited for it).
  return created?.id ?? (await find())!;
}

/**
 * The message statement: `target` yields the ticket (ticket_id) and the message's contact
 * (contact_id); the message is inserted there, unless stored already, and the ticket counts it.
 * Answers the ticket id (null when `target` found none) and the new message's id (null when stored).
 */
async function insertMessage(
  db: Db | Tx,
  connection: IngestConnection,
  inbound: InboundMessage,
  media: StoredMedia | undefined,
  target: SQL,
): Promise<{ ticketId: number | null; messageId: number | null }> {
  const { companyId, id: whatsappId } = connection;
  const fromMe = inbound.fromMe;
  // A reaction quotes the message it reacts to, so the client can show it beside that one.
  const quotedWid = inbound.reaction?.targetWid ?? inbound.quotedWid ?? null;
  const lastMessage = lastMessageOf({ ...inbound, mediaName: media?.mediaName });
  const result = await db.execute(sql`
    with target as (${target}),
    message as (
      insert into ${messages} (company_id, ticket_id, whatsapp_id, wid, contact_id, from_me, body, read, ack,
        media_type, media_path, media_name, quoted_msg_id, provider_data, created_at)
      select ${companyId}::int, target.ticket_id, ${whatsappId}::int, ${inbound.wid}::text, target.contact_id,
        ${fromMe}::boolean, ${inbound.body}::text,
        -- Sent from the phone: already read, and already on WhatsApp's servers.
        ${fromMe}::boolean, ${fromMe ? 2 : 1}::int,
        ${inbound.mediaType}::text, ${media?.mediaPath ?? null}::text, ${media?.mediaName ?? null}::text,
        (select q.id from ${messages} q
          where q.company_id = ${companyId}::int and q.whatsapp_id = ${whatsappId}::int and q.wid = ${quotedWid}::text),
        ${inbound.raw === undefined ? null : JSON.stringify(inbound.raw)}::jsonb, ${inbound.timestamp}::timestamptz
      from target
      on conflict (whatsapp_id, wid) do nothing
      returning id, ticket_id
    ),
    counted as (
      update ${tickets} set
        -- An outgoing message (sent from the phone) counts as the attendant having read the chat.
        unread_messages = ${fromMe ? sql`0` : sql`${tickets.unreadMessages} + 1`},
        last_message = ${lastMessage}::text,
        updated_at = ${new Date()}::timestamptz
      from message where ${tickets.id} = message.ticket_id
    )
    select (select ticket_id from target) as "ticketId", (select id from message) as "messageId"`);
  // Both drivers answer raw statements with { rows }; Db types the result as unknown.
  const [row] = (result as { rows: { ticketId: number | null; messageId: number | null }[] }).rows;
  return { ticketId: row?.ticketId ?? null, messageId: row?.messageId ?? null };
}

/**
 * The contact's active ticket, locked so a close cannot slip in before the message lands; none when
 * the contact is unknown or still has to take WhatsApp's name (the transaction's work).
 */
function knownChat(connection: IngestConnection, inbound: InboundMessage): SQL {
  return sql`
    select t.id as ticket_id, ${inbound.fromMe ? sql`null::int` : sql`c.id`} as contact_id
    from ${contacts} c join ${tickets} t on t.contact_id = c.id
    where c.company_id = ${connection.companyId}::int and c.number = ${inbound.chatNumber}::text
      and not (c.name = c.number and ${nameOf({ number: inbound.chatNumber, name: inbound.chatName })}::text <> c.number)
      and t.whatsapp_id = ${connection.id}::int and t.status <> 'closed'
    for update of t`;
}

/** Undefined when the message was already stored (a repeated or concurrent delivery). */
export async function storeInbound(
  db: Db,
  connection: IngestConnection,
  inbound: InboundMessage,
  media: StoredMedia | undefined,
): Promise<StoredInbound | undefined> {
  if (!inbound.isGroup) {
    const fast = await insertMessage(db, connection, inbound, media, knownChat(connection, inbound));
    if (fast.ticketId !== null) {
      return fast.messageId === null
        ? undefined
        : { messageId: fast.messageId, ticketId: fast.ticketId, newContacts: [] };
    }
  }
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
    const ticketId = await activeTicketId(tx, connection, chat, newContacts.includes(chat));
    const contactId = inbound.fromMe ? null : (sender ?? chat).id;
    const { messageId } = await insertMessage(
      tx,
      connection,
      inbound,
      media,
      sql`select ${ticketId}::int as ticket_id, ${contactId}::int as contact_id`,
    );
    return messageId === null ? undefined : { messageId, ticketId, newContacts };
  });
}

/** Already stored (a repeated delivery): checked before downloading its media. */
export async function isStored(db: Db, connection: IngestConnection, wid: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(eq(messages.companyId, connection.companyId), eq(messages.whatsappId, connection.id), eq(messages.wid, wid)),
    );
  return row !== undefined;
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
