/**
 * Ticket realtime, driven by the domain events after their commit (DESIGN §2
 * "Domain events"): services record what happened; this sends the ticket as
 * it now is to the rooms of those who may see it (tickets.realtime.ts), and a
 * delete to those who saw it where it was before but no longer may.
 */
import type { Context } from "../../context.js";
import type { PublishScope } from "../../events/bus.js";
import type { DomainEvents, TicketPlaceFacts } from "../../events/events.js";
import { loadTicket } from "./tickets.presenter.js";
import { emitTicketDelete, emitTicketUnreadReset, emitTicketUpdate } from "./tickets.realtime.js";

/** The ticket as it is after the commit, read once for the commit's subscribers. */
function ticketNow(ctx: Context, scope: PublishScope, companyId: number, ticketId: number) {
  return scope.once(`ticket:${ticketId}`, () => loadTicket(ctx.db, companyId, ticketId));
}

/** The ticket as it is now, to its lists; one deleted meanwhile has nothing left to announce. */
async function publish(
  ctx: Context,
  e: { companyId: number; ticketId: number; before?: TicketPlaceFacts },
  scope: PublishScope,
) {
  const ticket = await ticketNow(ctx, scope, e.companyId, e.ticketId);
  if (ticket) emitTicketUpdate(ctx, ticket, e.before);
}

const updates = [
  "ticket.botStarted",
  "ticket.queued",
  "ticket.accepted",
  "ticket.transferred",
  "ticket.closed",
  "ticket.reopened",
  "ticket.changed",
] as const satisfies readonly (keyof DomainEvents)[];

export function subscribeTicketRealtime(ctx: Context): void {
  for (const name of updates) ctx.events.on(name, (e, scope) => publish(ctx, e, scope));
  ctx.events.on("ticket.created", (e, scope) => (e.byMessage ? undefined : publish(ctx, e, scope)));
  ctx.events.on("ticket.deleted", (e) => emitTicketDelete(ctx, { id: e.ticketId, companyId: e.companyId, ...e.place }));
  ctx.events.on("ticket.read", async (e, scope) => {
    const ticket = await ticketNow(ctx, scope, e.companyId, e.ticketId);
    if (ticket) emitTicketUnreadReset(ctx, ticket);
  });
}
