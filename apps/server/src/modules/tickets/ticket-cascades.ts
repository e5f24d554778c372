/**
 * What other areas' deletes do to tickets, announced so open workspaces
 * follow (core-platform §4.1; SERVER-BEHAVIOUR "Tickets and messages"): a
 * deleted contact takes its tickets along (the database cascades), a deleted
 * queue leaves its tickets without a queue (set null). Each function is
 * called before the delete and returns what to announce after it.
 */
import { and, eq, ne } from "drizzle-orm";
import type { Context } from "../../context.js";
import { tickets } from "../../db/schema/index.js";
import { publishTicket } from "./tickets.service.js";

export async function contactTicketsGoing(
  ctx: Context,
  companyId: number,
  contactId: number,
): Promise<() => Promise<void>> {
  const going = await ctx.db
    .select({
      id: tickets.id,
      companyId: tickets.companyId,
      status: tickets.status,
      queueId: tickets.queueId,
      userId: tickets.userId,
    })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId)));
  return async () => {
    for (const { id, ...place } of going)
      await ctx.events.published("ticket.deleted", { companyId, ticketId: id, place });
  };
}

/** Only the active ones: a resolved ticket's list row changes nothing anyone acts on. */
export async function queueTicketsLeft(ctx: Context, companyId: number, queueId: number): Promise<() => Promise<void>> {
  const left = await ctx.db
    .select({ id: tickets.id, status: tickets.status, userId: tickets.userId })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.queueId, queueId), ne(tickets.status, "closed")));
  return async () => {
    // One deleted meanwhile has nothing left to announce; the queue's agents who lose sight of it get a delete.
    for (const t of left) await publishTicket(ctx, companyId, t.id, { ...t, queueId }).catch(() => undefined);
  };
}
