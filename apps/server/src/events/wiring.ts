/**
 * Who listens to which domain event, in one place (server.ts calls this once,
 * before the channels start): the ticket timeline and durations inside the
 * transaction, realtime after the commit. Durable subscribers (automation's jobs) are
 * added here too: `ctx.events.durable("message.received", someJob, (e) => …)`,
 * with the job listed in jobs/registry.ts.
 */
import type { Context } from "../context.js";
import { subscribeMessageRealtime } from "../modules/messages/messages.subscribers.js";
import { subscribeTicketDurations } from "../modules/tickets/ticket-durations.js";
import { subscribeTimeline } from "../modules/tickets/ticket-timeline.js";
import { subscribeTicketRealtime } from "../modules/tickets/tickets.subscribers.js";

export function wireEvents(ctx: Context): void {
  subscribeTimeline(ctx.events);
  subscribeTicketDurations(ctx.events);
  subscribeTicketRealtime(ctx);
  subscribeMessageRealtime(ctx);
}
