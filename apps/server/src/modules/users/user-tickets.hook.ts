/**
 * Deleting a user returns their open tickets (and pending ones handed to them)
 * to pending, unassigned, in their queue
 * (SERVER-BEHAVIOUR "Tickets and messages", core-platform §2.16, §4.1).
 * deleteUser calls this inside its events transaction, before the user row
 * goes: each ticket records ticket.queued (by the admin who deleted the
 * user), so its timeline says so and, after the commit, its update events
 * describe what other sessions can now read.
 */
import { and, eq, ne } from "drizzle-orm";
import { tickets } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";

export async function returnOpenTicketsToPending(
  e: EventTransaction,
  companyId: number,
  userId: number,
  byUserId: number,
): Promise<void> {
  const now = new Date();
  const returned = await e.db
    .update(tickets)
    .set({ status: "pending", userId: null, queuedAt: now, updatedAt: now })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.userId, userId), ne(tickets.status, "closed")))
    .returning({ id: tickets.id, queueId: tickets.queueId });
  // Announced as leaving the open list and the user; one that was already pending is just updated in its own.
  for (const { id, queueId } of returned) {
    const before = { status: "open", queueId, userId };
    e.record("ticket.queued", { companyId, ticketId: id, byUserId, before, queueId });
  }
}
