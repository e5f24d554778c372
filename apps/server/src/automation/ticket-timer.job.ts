/**
 * A ticket's timer as a durable job (issue 11 item 4; SERVER-BEHAVIOUR
 * "Timers"): one pg-boss job per ticket and kind, waiting until the time
 * timersFor gave (startAfter), so a restart loses none and a process that
 * dies while one runs leaves it to the next run.
 *
 * One waiting job per ticket and kind: the queue's policy "short" lets one
 * job per singletonKey (ticket:kind) wait in pg-boss; arming again while one
 * waits keeps it and brings its start forward if the new time is earlier
 * (jobs.ts send). So a job may start before its ticket's timer is due (the
 * customer wrote meanwhile) or when it is no longer needed (an agent
 * accepted, the ticket closed or was deleted): it never trusts its own
 * start, it asks the rules again.
 *
 * Firing, in one events transaction on the locked ticket row: timerState and
 * fireTimer with the clock now decide; reschedule arms the job again for the
 * later time; moveToQueue and close are made as an agent's transfer and
 * resolve are (modules/tickets/timer-moves.ts), whose events re-arm the
 * ticket's other timers (arm-ticket-timers.ts). Once: a second job of the
 * same ticket and kind (two processes, a run repeated after a crash) waits
 * for the lock, then finds the ticket moved or closed and the timer no
 * longer needed; what a run decided commits with it or not at all, and the
 * texts it queued are sent by the send sweep, never twice.
 */
import { z } from "zod";
import type { EventTransaction } from "../events/bus.js";
import type { JobDefinition } from "../jobs/jobs.js";
import { lockTicket } from "../modules/tickets/ticket-moves.js";
import { closeByTimer, transferByTimer } from "../modules/tickets/timer-moves.js";
import { fireTimer, type Timer } from "./timers.js";
import { timerState } from "./timers.queries.js";

const payload = z.object({
  companyId: z.number().int().positive(),
  ticketId: z.number().int().positive(),
  kind: z.enum(["queueRedirection", "autoTransfer", "expiry"]),
});
type Payload = z.infer<typeof payload>;

export const ticketTimer: JobDefinition<Payload> = {
  name: "ticket-timer",
  payload,
  // A run is a few statements; one whose process died is taken again 30 s on and decides afresh.
  policy: { policy: "short", retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 30 },
  companyOf: (_ctx, data) => data.companyId,
  run: (ctx, data) => ctx.events.transaction((e) => fire(e, data)),
};

/** Arms (or re-arms) the ticket's timer of this kind for its time, in the caller's transaction. */
export function armTimer(
  enqueue: EventTransaction["enqueue"],
  companyId: number,
  ticketId: number,
  timer: Pick<Timer, "kind" | "fireAt">,
): Promise<void> {
  return enqueue(
    ticketTimer,
    { companyId, ticketId, kind: timer.kind },
    { startAfter: timer.fireAt, singletonKey: `${ticketId}:${timer.kind}` },
  );
}

async function fire(e: EventTransaction, { companyId, ticketId, kind }: Payload): Promise<void> {
  // Deleted meanwhile (or not this company's): the job ends quietly.
  const row = await lockTicket(e, companyId, ticketId);
  if (!row) return;
  const { ticket, connection } = await timerState(e.db, companyId, ticketId);
  const outcome = fireTimer(kind, ticket, connection, new Date());
  switch (outcome.action) {
    case "none":
      return;
    case "reschedule":
      return armTimer(e.enqueue, companyId, ticketId, { kind, fireAt: outcome.fireAt });
    case "moveToQueue":
      await transferByTimer(e, row, outcome.queueId);
      return;
    case "close":
      return closeByTimer(e, row, outcome.texts);
  }
}
