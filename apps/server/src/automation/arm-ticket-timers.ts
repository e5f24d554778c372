/**
 * Arms a ticket's timers after every change they wait on (issue 11 item 4):
 * `within` subscribers, so the jobs are armed in the transaction of the change
 * itself (a rolled-back change arms nothing, a committed one cannot lose its
 * timers). Each timer timersFor answers is armed for its time (re-armed: the
 * customer wrote, the ticket was queued again); one it no longer answers
 * (an agent accepted, the ticket closed) is not cancelled: its job fires,
 * finds it not needed and ends (ticket-timer.job.ts), which costs one read
 * and cannot race with a cancel. A connection saved re-arms its waiting
 * tickets by a job (arm-connection-timers.job.ts, wired in events/wiring.ts).
 */
import type { Tx } from "../db/client.js";
import type { EventBus, EventTransaction } from "../events/bus.js";
import type { EventName } from "../events/events.js";
import { armTimer } from "./ticket-timer.job.js";
import { timersFor } from "./timers.js";
import { timerState } from "./timers.queries.js";

export async function armTicketTimers(
  tx: Tx,
  enqueue: EventTransaction["enqueue"],
  companyId: number,
  ticketId: number,
): Promise<void> {
  const { ticket, connection } = await timerState(tx, companyId, ticketId);
  if (!ticket || !connection) return;
  for (const timer of timersFor(ticket, connection)) await armTimer(enqueue, companyId, ticketId, timer);
}

/** The changes that start, move or end a wait (a closed ticket needs no timer: its jobs find nothing to do). */
const ticketChanges = [
  "ticket.queued",
  "ticket.accepted",
  "ticket.transferred",
  "ticket.reopened",
  // A queue deleted under the ticket, a connection changed: where it waits may have changed.
  "ticket.changed",
] as const satisfies readonly EventName[];

export function subscribeTicketTimers(events: EventBus): void {
  for (const name of ticketChanges)
    events.within(name, (tx, e, enqueue) => armTicketTimers(tx, enqueue, e.companyId, e.ticketId));
  // A ticket a message made is armed with that message, below.
  events.within(
    "ticket.created",
    (tx, e, enqueue) => armTicketTimers(tx, enqueue, e.companyId, e.ticketId),
    (e) => !e.byMessage,
  );
  // A customer's message restarts the waits it ends, and a new ticket's start with its first message. On a
  // connection without timers (ingest tells), nothing to read: this runs with every message received, and
  // ingest's common case then needs no transaction at all (events/bus.ts committed).
  events.within(
    "message.received",
    (tx, e, enqueue) => armTicketTimers(tx, enqueue, e.companyId, e.ticketId),
    (e) => e.connectionHasTimers && (!e.fromMe || e.ticketIsNew),
  );
}
