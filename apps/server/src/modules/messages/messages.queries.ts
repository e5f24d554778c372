/**
 * Message reads. A ticket's conversation is every message of its contact's
 * tickets on the same connection (the list marks where one ticket ended and
 * the next began), read newest first through messages_ticket_id_idx
 * (ticket_id, id): each ticket gives at most the rows the page can need.
 */
import { messagePageSize } from "@balcao/contracts";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { messages, tickets } from "../../db/schema/index.js";

interface Conversation {
  companyId: number;
  contactId: number;
  whatsappId: number | null;
}

function ticketsOf(c: Conversation) {
  return sql`select ${tickets.id} from ${tickets}
    where ${tickets.companyId} = ${c.companyId} and ${tickets.contactId} = ${c.contactId}
      and ${tickets.whatsappId} is not distinct from ${c.whatsappId}`;
}

/** One page of the conversation's message ids, oldest first within the page; page 1 is the newest. */
export async function pageOfMessageIds(db: Db, c: Conversation, pageNumber: number) {
  const upTo = pageNumber * messagePageSize;
  const [page, [total]] = await Promise.all([
    db.execute(sql`
      select m.id from (${ticketsOf(c)}) t
      cross join lateral (
        select ${messages.id} as id from ${messages} where ${messages.ticketId} = t.id
        order by ${messages.id} desc limit ${upTo}
      ) m
      order by m.id desc limit ${messagePageSize} offset ${upTo - messagePageSize}`),
    db
      .select({ n: count() })
      .from(messages)
      .where(inArray(messages.ticketId, sql`(${ticketsOf(c)})`)),
  ]);
  // Both drivers (PGlite and node-postgres) answer raw statements with { rows }.
  const rows = (page as { rows: { id: number }[] }).rows;
  return { ids: rows.map((r) => Number(r.id)).reverse(), count: total?.n ?? 0 };
}

/** A message of the company, with what acting on it needs: its ticket's contact and connection. */
export function findMessageRow(db: Db, companyId: number, id: number) {
  return db.query.messages.findFirst({ where: and(eq(messages.id, id), eq(messages.companyId, companyId)) });
}

/** Marks the ticket's incoming messages read; the provider ids of those that were not, oldest first. */
export async function markIncomingRead(db: Db, ticketId: number): Promise<string[]> {
  const rows = await db
    .update(messages)
    .set({ read: true })
    .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, false), eq(messages.read, false)))
    .returning({ id: messages.id, wid: messages.wid });
  return rows.sort((a, b) => a.id - b.id).flatMap((r) => (r.wid ? [r.wid] : []));
}
