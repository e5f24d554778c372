/**
 * Queues stored automatic messages for the send sweep (send-sweep.ts): their
 * outbox rows are written in the transaction that stored them, so they exist
 * if and only if the decision committed, and the sweep is woken after the
 * commit. One statement per decision, whatever its number of messages.
 */
import { and, eq, sql } from "drizzle-orm";
import { messageSends } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";

export const sendSweepName = "send-messages";

const queueStatement = `
insert into message_sends (message_id, company_id, ticket_id, not_before)
select id, $2, $3, coalesce(not_before, now())
from unnest($1::int[], $4::timestamptz[]) as queued(id, not_before)`;

/**
 * The ticket's messages go in the order given (the sweep sends a ticket's messages by id, and these
 * were stored in this order). `delayMs`: each after the first that much later than the one before.
 */
export async function queueSends(
  t: Pick<EventTransaction, "raw" | "wake">,
  ticket: { id: number; companyId: number },
  messageIds: readonly number[],
  delayMs = 0,
): Promise<void> {
  if (!messageIds.length) return;
  const start = Date.now();
  const notBefore = messageIds.map((_, i) => (delayMs > 0 && i > 0 ? new Date(start + i * delayMs) : null));
  await t.raw.query(queueStatement, [messageIds, ticket.companyId, ticket.id, notBefore], "send_queue");
  t.wake(sendSweepName);
}

/** When a message kept for a company that may not work is due: never, until resumeSends. */
export const keptSend = sql<Date>`'infinity'::timestamptz`;

/**
 * A company working again, in the transaction that holds its row: its kept messages due now, the sweep
 * woken for them; whether it had any.
 */
export async function resumeSends(t: Pick<EventTransaction, "db" | "wake">, companyId: number): Promise<boolean> {
  const resumed = await t.db
    .update(messageSends)
    .set({ notBefore: sql`now()` })
    .where(and(eq(messageSends.companyId, companyId), eq(messageSends.notBefore, keptSend)))
    .returning({ id: messageSends.messageId });
  if (resumed.length) t.wake(sendSweepName);
  return resumed.length > 0;
}
