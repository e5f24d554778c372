/**
 * Where ingest writes, in one statement per message (DESIGN §6, §9): the
 * contact (made, or renamed when known only by its number), the contact's
 * active ticket on this connection (found and locked, or made), the message,
 * and the ticket's unread count and last message. One round trip and one
 * commit, prepared once per database connection: a burst of deliveries costs
 * the database little more than the rows it writes.
 *
 * Races between concurrent deliveries are settled by the unique indexes
 * (contacts_company_number_uq, tickets_active_contact_uq,
 * messages_whatsapp_wid_uq): an insert that meets a row another transaction
 * just committed does nothing, and since one statement only sees what was
 * committed when it began, the statement then runs again and finds that row.
 */
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { InboundMessage } from "../../channels/driver.js";
import type { Database, Db } from "../../db/client.js";
import { contacts, hasNumber, messages } from "../../db/schema/index.js";
import { storableJsonText } from "../../db/storable.js";
import type { StoredMedia } from "../../media/storage.js";
import { lastMessageOf } from "./last-message.js";

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

/*
 * $1 company, $2 connection, $3 chat number, $4 chat name, $5 chat is a group, $6 the sender
 * contact (a group's participant) or null, $7 fromMe, $8 wid, $9 body, $10 mediaType,
 * $11 mediaPath, $12 mediaName, $13 quoted wid, $14 providerData, $15 sent at, $16 the
 * ticket's lastMessage, $17 now, $18 details.
 */
const storeStatement = `
with existing as (
  select id, name, number, is_group from contacts where company_id = $1::int and number = $3::text
),
inserted as (
  insert into contacts (company_id, number, name, is_group, whatsapp_id)
  select $1::int, $3::text, $4::text, $5::boolean, $2::int
  where not exists (select 1 from existing)
  on conflict (company_id, number) where number <> '' do nothing
  returning *
),
-- A contact known only by its number takes the name WhatsApp gives; a name someone typed stays
-- (checked again on the row itself, should someone type one meanwhile).
renamed as (
  update contacts set name = $4::text, updated_at = $17::timestamptz
  from existing
  where contacts.id = existing.id and existing.name = existing.number
    and contacts.name = contacts.number and $4::text <> contacts.number
),
chat as (
  select id, is_group from existing union all select id, is_group from inserted
),
-- Locked, so a close cannot slip in between finding the ticket and counting the message on it.
found as (
  select t.id from tickets t join chat on t.contact_id = chat.id
  where t.whatsapp_id = $2::int and t.status <> 'closed'
  for update of t
),
stored as (
  select id from messages where whatsapp_id = $2::int and wid = $8::text
),
-- A new ticket is pending, with no queue and no user, and already counts this message.
created as (
  insert into tickets (company_id, contact_id, whatsapp_id, status, is_group, queued_at,
    unread_messages, last_message, updated_at)
  select $1::int, chat.id, $2::int, 'pending', chat.is_group, $17::timestamptz,
    case when $7::boolean then 0 else 1 end, $16::text, $17::timestamptz
  from chat
  where not exists (select 1 from found) and not exists (select 1 from stored)
  on conflict do nothing
  returning id
),
target as (
  select id from found union all select id from created
),
message as (
  insert into messages (company_id, ticket_id, whatsapp_id, wid, contact_id, from_me, body, read, ack,
    media_type, media_path, media_name, quoted_msg_id, provider_data, created_at, details)
  select $1::int, target.id, $2::int, $8::text,
    case when $7::boolean then null else coalesce($6::int, (select id from chat)) end,
    -- Sent from the phone: already read, and already on WhatsApp's servers.
    $7::boolean, $9::text, $7::boolean, case when $7::boolean then 2 else 1 end,
    $10::text, $11::text, $12::text,
    (select q.id from messages q where q.company_id = $1::int and q.whatsapp_id = $2::int and q.wid = $13::text),
    $14::jsonb, $15::timestamptz, $18::jsonb
  from target
  on conflict (whatsapp_id, wid) do nothing
  returning id, ticket_id
),
-- A ticket made above already counts the message (this statement cannot see its row).
counted as (
  update tickets set
    -- An outgoing message (sent from the phone) counts as the attendant having read the chat.
    unread_messages = case when $7::boolean then 0 else tickets.unread_messages + 1 end,
    last_message = $16::text,
    updated_at = $17::timestamptz
  from message
  where tickets.id = message.ticket_id
)
select (select id from target) as "ticketId", (select id from message) as "messageId",
  exists (select 1 from stored) as "stored",
  (select json_build_object('id', id, 'companyId', company_id, 'name', name, 'number', number, 'email', email,
      'profilePicUrl', profile_pic_url, 'isGroup', is_group, 'whatsappId', whatsapp_id,
      'createdAt', created_at, 'updatedAt', updated_at)
    from inserted) as "newContact"`;

interface StoreResult {
  ticketId: number | null;
  messageId: number | null;
  stored: boolean;
  /** The chat's contact when this statement made it (timestamps as JSON text). */
  newContact: (Omit<ContactRow, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string }) | null;
}

/** A concurrent delivery's contact or ticket met at most once or twice; more means something else is wrong. */
const attempts = 3;

/**
 * A group's participant, before the message: one statement, a new contact or the known one
 * (renamed by the same rule as the chat), with whether it was made.
 */
async function upsertSender(db: Db, connection: IngestConnection, sender: { number: string; name: string }) {
  const takesName = sql`${contacts.name} = ${contacts.number} and excluded.name <> excluded.number`;
  const [row] = await db
    .insert(contacts)
    .values({ companyId: connection.companyId, number: sender.number, name: nameOf(sender), whatsappId: connection.id })
    .onConflictDoUpdate({
      target: [contacts.companyId, contacts.number],
      targetWhere: hasNumber,
      set: {
        name: sql`case when ${takesName} then excluded.name else ${contacts.name} end`,
        updatedAt: sql`case when ${takesName} then now() else ${contacts.updatedAt} end`,
      },
    })
    .returning({ ...getTableColumns(contacts), inserted: sql<boolean>`xmax = 0` });
  const { inserted, ...contact } = row!;
  return { contact, inserted };
}

/** Undefined when the message was already stored (a repeated or concurrent delivery). */
export async function storeInbound(
  database: Database,
  connection: IngestConnection,
  inbound: InboundMessage,
  media: StoredMedia | undefined,
): Promise<StoredInbound | undefined> {
  // In a group the participant who wrote is a contact too, and the message's sender.
  const sender =
    inbound.isGroup && inbound.sender && !inbound.fromMe
      ? await upsertSender(database.db, connection, inbound.sender)
      : undefined;
  const values = [
    connection.companyId,
    connection.id,
    inbound.chatNumber,
    nameOf({ number: inbound.chatNumber, name: inbound.chatName }),
    inbound.isGroup,
    sender?.contact.id ?? null,
    inbound.fromMe,
    inbound.wid,
    inbound.body,
    inbound.mediaType,
    media?.mediaPath ?? null,
    media?.mediaName ?? null,
    // A reaction quotes the message it reacts to, so the client can show it beside that one.
    inbound.reaction?.targetWid ?? inbound.quotedWid ?? null,
    inbound.raw === undefined ? null : storableJsonText(inbound.raw),
    inbound.timestamp,
    lastMessageOf({ ...inbound, mediaName: media?.mediaName }),
    new Date(),
    inbound.details ? storableJsonText(inbound.details) : null,
  ];
  for (let attempt = 1; ; attempt++) {
    const { rows } = await database.raw.query<StoreResult>(storeStatement, values, "ingest_store_inbound");
    const result = rows[0]!;
    if (result.stored) return undefined;
    if (result.ticketId !== null) {
      // A ticket but no message: the same message, committed by a concurrent delivery meanwhile.
      if (result.messageId === null) return undefined;
      const made = result.newContact;
      const newContacts: ContactRow[] = made
        ? [{ ...made, createdAt: new Date(made.createdAt), updatedAt: new Date(made.updatedAt) }]
        : [];
      if (sender?.inserted) newContacts.push(sender.contact);
      return { messageId: result.messageId, ticketId: result.ticketId, newContacts };
    }
    if (attempt === attempts)
      throw new Error(`ingest: no contact or ticket for ${inbound.wid} after ${attempts} tries`);
  }
}

/** The message when already stored (a repeated delivery): checked before downloading its media. */
export async function storedMessage(db: Db, connection: IngestConnection, wid: string) {
  const [row] = await db
    .select({ id: messages.id, mediaPath: messages.mediaPath })
    .from(messages)
    .where(
      and(eq(messages.companyId, connection.companyId), eq(messages.whatsappId, connection.id), eq(messages.wid, wid)),
    );
  return row;
}

/** The text an edit replaces, appended to details.edits (oldest first) as the column read before the update. */
const editsWith = (at: Date) => sql`jsonb_set(coalesce(${messages.details}, '{}'::jsonb), '{edits}',
  coalesce(${messages.details}->'edits', '[]'::jsonb)
  || jsonb_build_array(jsonb_build_object('body', ${messages.body}, 'editedAt', ${at.toISOString()}::text)))`;

/**
 * An edit replaces the original's body, the old text kept in its edit history; a revoke marks it
 * deleted, its text kept for the agents.
 */
export async function changeStored(
  db: Db,
  connection: IngestConnection,
  change: { wid: string; body?: string; revoked?: boolean; at?: Date },
) {
  const [row] = await db
    .update(messages)
    .set({
      ...(change.body !== undefined
        ? { body: change.body, isEdited: true, details: editsWith(change.at ?? new Date()) }
        : {}),
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
