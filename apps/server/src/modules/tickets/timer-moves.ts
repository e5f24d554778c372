/**
 * The moves a timer makes on its own (automation/fire-ticket-timer.ts), made
 * as an agent's would be, with no one as their author (byUserId null): the
 * same events, so the timeline, the durations and realtime follow.
 * - transfer: to a queue without a user, as PUT /tickets/{id} {queueId}
 *   does (pending, unassigned, queued now; the transfer notice when the
 *   company sends it); the bot lets go of the ticket.
 * - close: the given texts (expiresInactiveMessage) queued, then closed as
 *   the resolve action does, for the attendant it had.
 * Both run in the timer's transaction, on the ticket row it locked.
 */
import { and, eq } from "drizzle-orm";
import { queues, tickets } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";
import { queueAutomatic, queueTransferNotice } from "./automatic-messages.js";
import { placeOf } from "../../events/events.js";
import { botLetsGo, closedValues } from "./ticket-moves.js";

type TicketRow = typeof tickets.$inferSelect;

const update = (e: EventTransaction, t: TicketRow, values: Partial<typeof tickets.$inferInsert>) =>
  e.db
    .update(tickets)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tickets.id, t.id), eq(tickets.companyId, t.companyId)));

/** False (nothing done) when the queue is not the company's. */
export async function transferByTimer(e: EventTransaction, t: TicketRow, queueId: number): Promise<boolean> {
  const queue = await e.db.query.queues.findFirst({
    where: and(eq(queues.id, queueId), eq(queues.companyId, t.companyId)),
  });
  if (!queue) return false;
  await update(e, t, {
    status: "pending",
    userId: null,
    queueId,
    queuedAt: new Date(),
    ...botLetsGo,
  });
  e.record("ticket.transferred", {
    companyId: t.companyId,
    ticketId: t.id,
    byUserId: null,
    before: placeOf(t),
    queueId,
    userId: null,
    whatsappId: t.whatsappId,
  });
  if (queueId !== t.queueId) await queueTransferNotice(e, t, "queue");
  return true;
}

export async function closeByTimer(e: EventTransaction, t: TicketRow, texts: readonly string[]): Promise<void> {
  await queueAutomatic(e, t, texts);
  await update(e, t, closedValues(t.userId));
  e.record("ticket.closed", { companyId: t.companyId, ticketId: t.id, byUserId: null, before: placeOf(t) });
}
