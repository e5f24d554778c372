/**
 * What other areas' deletes do to tickets, recorded in the delete's own
 * transaction (before its statement, while the tickets are still there) so
 * the timeline and open workspaces follow once it commits (core-platform
 * §4.1; SERVER-BEHAVIOUR "Tickets and messages"): a deleted contact takes its
 * tickets along (the database cascades), a deleted queue leaves its tickets
 * without a queue (set null).
 */
import { and, eq, ne } from "drizzle-orm";
import { tickets } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";

export async function recordContactTicketsGoing(
  e: EventTransaction,
  companyId: number,
  contactId: number,
): Promise<void> {
  const going = await e.db
    .select({ id: tickets.id, status: tickets.status, queueId: tickets.queueId, userId: tickets.userId })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId)));
  for (const { id, ...place } of going) e.record("ticket.deleted", { companyId, ticketId: id, place });
}

/**
 * Only the active ones: a resolved ticket's list row changes nothing anyone
 * acts on. A pending one waits again, now without a queue: its timeline says
 * "queued" (by the admin who deleted the queue). An open one stays with its
 * agent: only its list row changes. Either way the queue's agents who lose
 * sight of it get a delete (`before`).
 */
export async function recordQueueTicketsLeft(
  e: EventTransaction,
  companyId: number,
  queueId: number,
  byUserId: number,
): Promise<void> {
  const left = await e.db
    .select({ id: tickets.id, status: tickets.status, userId: tickets.userId })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.queueId, queueId), ne(tickets.status, "closed")))
    .for("update");
  for (const { id, ...t } of left) {
    const before = { ...t, queueId };
    if (t.status === "pending") e.record("ticket.queued", { companyId, ticketId: id, byUserId, before, queueId: null });
    else e.record("ticket.changed", { companyId, ticketId: id, before });
  }
}
