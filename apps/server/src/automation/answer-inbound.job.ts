/**
 * What answers a customer's message on its own (issue 11 items 2–3): run by
 * the answer sweep (answer-sweep.ts) for each customer's message on a ticket
 * ingest marked, so a crash after the webhook's answer loses no answer, and
 * the webhook never waits for automation.
 *
 * One run, one transaction: the message is marked answered on its ticket,
 * which locks it (runs for one ticket take their turn; a run again after a
 * crash, or one overtaken by a newer message's, does nothing), the bot's
 * decision (or, on a closed ticket awaiting it, the rating reader's) changes
 * the ticket and records its events, and the texts are stored and queued for
 * sending (send-queue.ts) — all or nothing.
 */
import type { Context } from "../context.js";
import type { EventTransaction } from "../events/bus.js";
import type { InboundBotFacts, TicketBotPlace } from "../events/events.js";
import { claimAnswer, type AnswerPayload, type Claimed } from "./answer-facts.js";
import { flowTurn, startQueueFlow } from "./flows/flow-turn.js";
import { reread, takeHold } from "./holder.js";
import { queueTurn } from "./holder-turns.js";
import { rateTicket } from "./rate-ticket.js";
import { routeTicket } from "./route-ticket.js";

/**
 * Whether automation may have something to say to a customer's message on a
 * ticket standing here: closed (only a ticket asking for a rating takes a
 * reply: ingest-store.ts), or waiting with no agent, queue-less or in the
 * bot's hands, on a connection with queues to offer or in a company that
 * keeps business hours (chatbot.ts routes nothing else). Asked when the
 * sweep finds the ticket marked, with the ticket as it is then.
 */
export function mayAnswer(t: TicketBotPlace, bot: InboundBotFacts | undefined): boolean {
  if (t.status === "closed") return true;
  const waiting = t.status === "pending" && t.userId === null && (t.queueId === null || t.chatbot);
  // A prompt or an integration holds (or would take) any waiting ticket nobody attends, whatever its queue;
  // so may a flow (one runs, or a phrase or the connection may start one: flows/flow-turn.ts).
  if (t.status === "pending" && t.userId === null && (bot?.holdable || bot?.flow)) return true;
  return waiting && bot !== undefined && (bot.connectionHasQueues || bot.scheduleType === "company");
}

export const answerMessage = (ctx: Context, data: AnswerPayload): Promise<void> => answerMessages(ctx, [data]);

/**
 * Several customers' messages answered in one transaction, one after the other, each with what it writes
 * (settle) before the next: the answer sweep's batch pays one BEGIN and COMMIT for them all. All or nothing:
 * the sweep answers them one by one again when it fails.
 */
export const answerMessages = (ctx: Context, batch: readonly AnswerPayload[]): Promise<void> =>
  ctx.events.transaction(async (t) => {
    for (const data of batch) {
      await answer(ctx, t, data);
      await t.settle();
    }
  });

async function answer(ctx: Context, t: EventTransaction, data: AnswerPayload): Promise<void> {
  const claimed = await claimAnswer(t, data);
  // Deleted meanwhile, or a newer message of the ticket was answered already.
  if (!claimed) return;
  const { ticket, body } = claimed;
  if (ticket.status !== "closed") return holdOrRoute(ctx, t, claimed, data.messageId);
  // Only a closed ticket that asks for a rating takes a customer's message (ingest-store.ts).
  if (ticket.ratingAsks > 0) await rateTicket(t, ticket, body);
}

/**
 * A flow starting or running on the ticket takes the message first (flows/flow-turn.ts). Otherwise a
 * prompt or an integration holding the ticket (or taking it now: holder.ts) gets the message as its
 * turn, queued in this transaction; otherwise the queue menu routes it, and a queue chosen now that
 * starts a flow, or whose integration or prompt takes the ticket, gets this message as its first turn.
 */
async function holdOrRoute(
  ctx: Context,
  t: EventTransaction,
  { ticket, body, facts }: Claimed,
  messageId: number,
): Promise<void> {
  if (await flowTurn(ctx, t, ticket, body, messageId, facts.flow)) return;
  let holder = await takeHold(t, ticket, facts.offered);
  if (!holder) {
    // The menu's texts are queued first: a flow the chosen queue starts sends its own after them.
    const queueChanged = await routeTicket(t, ticket, body, { context: facts.bot });
    // Only a queue chosen now may start a flow or bring a holder: the ticket is read again only then.
    const after = queueChanged ? await reread(t, ticket.id) : undefined;
    if (after && after.queueId !== null) {
      if (await startQueueFlow(ctx, t, after, messageId)) return;
      holder = await takeHold(t, after);
    }
  }
  if (holder) await queueTurn(t, { companyId: ticket.companyId, ticketId: ticket.id, messageId }, holder);
}
