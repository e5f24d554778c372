/**
 * Message reads. A ticket's conversation is every message of its contact's
 * tickets on the same connection (the list marks where one ticket ended and
 * the next began), read newest first through messages_ticket_id_idx
 * (ticket_id, id): each ticket gives at most the rows the page can need.
 * The page's statement is one text for every ticket and page, planned once
 * per connection (db/rows.ts reusedPlanRows).
 */
import { messagePageSize, type MessageDto } from "@balcao/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { contacts, memberAddress, messages, type tickets } from "../../db/schema/index.js";
import type { ReadMessage } from "../../channels/driver.js";
import { reusedPlanRows } from "../../db/rows.js";
import { messageColumns, messageDtoOf, messageJoins, type MessageRow } from "./messages.presenter.js";

/** What the conversation page needs of its ticket: visibility, read receipts, and the page's `ticket`. */
export type ConversationTicket = Pick<
  typeof tickets.$inferSelect,
  | "id"
  | "uuid"
  | "status"
  | "userId"
  | "queueId"
  | "contactId"
  | "whatsappId"
  | "unreadMessages"
  | "isGroup"
  | "companyId"
>;

interface PageRow extends MessageRow {
  t_id: number;
  t_uuid: string;
  t_status: string;
  t_user_id: number | null;
  t_queue_id: number | null;
  t_contact_id: number;
  t_whatsapp_id: number | null;
  t_unread: number;
  t_is_group: boolean;
  total: number | string;
}

/**
 * The company's ticket and one page of its conversation (oldest first within
 * the page; page 1 is the newest) with the conversation's message count, in
 * one statement. No ticket: another company's, or none. The caller decides
 * whether the viewer may see it before answering with the page.
 */
export async function conversationPage(db: Db, companyId: number, ticketId: number, pageNumber: number) {
  const upTo = pageNumber * messagePageSize;
  const rows = await reusedPlanRows<PageRow>(
    db,
    "conversation_page",
    sql`with t as (
          select id, uuid, status, user_id, queue_id, contact_id, whatsapp_id, unread_messages, is_group, company_id
          from tickets where id = ${ticketId} and company_id = ${companyId}
        ), conversation as (
          select tk.id from t join tickets tk on tk.contact_id = t.contact_id and tk.company_id = t.company_id
            and tk.whatsapp_id is not distinct from t.whatsapp_id
        ), page as (
          select x.id from conversation cross join lateral (
            select id from messages where ticket_id = conversation.id order by id desc limit ${upTo}
          ) x
          order by x.id desc limit ${messagePageSize} offset ${upTo - messagePageSize}
        )
        select t.id as t_id, t.uuid as t_uuid, t.status as t_status, t.user_id as t_user_id, t.queue_id as t_queue_id,
          t.contact_id as t_contact_id, t.whatsapp_id as t_whatsapp_id, t.unread_messages as t_unread,
          t.is_group as t_is_group,
          (select count(*) from messages where ticket_id in (select id from conversation)) as total,
          ${messageColumns}
        from t left join (page join messages m on m.id = page.id ${messageJoins}) on true
        order by m.id`,
  );
  const first = rows[0];
  if (!first) return undefined;
  const ticket: ConversationTicket = {
    id: first.t_id,
    uuid: first.t_uuid,
    status: first.t_status,
    userId: first.t_user_id,
    queueId: first.t_queue_id,
    contactId: first.t_contact_id,
    whatsappId: first.t_whatsapp_id,
    unreadMessages: first.t_unread,
    isGroup: first.t_is_group,
    companyId,
  };
  // Past the conversation's start, the ticket's row comes alone (the message columns null).
  const page: MessageDto[] = (first as { id: number | null }).id === null ? [] : rows.map(messageDtoOf);
  return { ticket, count: Number(first.total), messages: page };
}

/** A message of the company, with what acting on it needs: its ticket's contact and connection. */
export function findMessageRow(db: Db, companyId: number, id: number) {
  return db.query.messages.findFirst({ where: and(eq(messages.id, id), eq(messages.companyId, companyId)) });
}

/** Marks the ticket's incoming messages read; the provider ids of those that were not, oldest first. */
/** Marks the ticket's incoming messages read; answers the ones WhatsApp knows, oldest first, with their senders. */
export async function markIncomingRead(db: Db, ticketId: number): Promise<ReadMessage[]> {
  const rows = await db
    .update(messages)
    .set({ read: true })
    .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, false), eq(messages.read, false)))
    .returning({ id: messages.id, wid: messages.wid, contactId: messages.contactId });
  const senders = await senderNumbers(
    db,
    rows.flatMap((r) => (r.contactId === null ? [] : [r.contactId])),
  );
  return rows
    .sort((a, b) => a.id - b.id)
    .flatMap((r) => {
      if (!r.wid) return [];
      const participant = r.contactId === null ? undefined : senders.get(r.contactId);
      return [{ wid: r.wid, ...(participant ? { participant } : {}) }];
    });
}

async function senderNumbers(db: Db, contactIds: number[]): Promise<Map<number, string>> {
  if (contactIds.length === 0) return new Map();
  const rows = await db
    .select({ id: contacts.id, address: memberAddress })
    .from(contacts)
    .where(inArray(contacts.id, [...new Set(contactIds)]));
  return new Map(rows.flatMap((r) => (r.address ? [[r.id, r.address] as const] : [])));
}
