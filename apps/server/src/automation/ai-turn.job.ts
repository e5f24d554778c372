/**
 * The AI's turn on a ticket a prompt holds (issue 17 item 3; holder.ts): one
 * durable job per customer's message, queued by the answering step in its own
 * transaction (answer-inbound.job.ts). Out of hours too: business hours are
 * the queue menu's and the agents' affair.
 *
 *   1. read the turn; nothing to do unless the prompt still holds the ticket, the
 *      message is still the customer's latest (a newer one's turn answers them all)
 *      and the AI did not answer it yet (ai_answered_message_id: this turn answered before a crash);
 *   2. a voice note is transcribed first (transcribe.ts), so its text feeds the AI;
 *   3. `{baseUrl}/chat/completions` with the latest maxMessages messages
 *      (ai-conversation.ts), tried as ai-provider.ts says;
 *   4. in one transaction, on the locked ticket, the same checks again, then the reply
 *      stored and its sending queued (send-stored-messages: sent once, even across a
 *      crash) — a crash before that commit calls the provider again, but never sends
 *      twice; the transfer phrase hands the ticket to the prompt's queue, and no
 *      prompt answers it again until it is closed;
 *   5. a provider that fails (after its retries, or a refusal such as a bad key) hands
 *      the ticket to the prompt's queue as pending, with a ticket note giving the reason:
 *      no customer waits for a machine that is down.
 */
import { z } from "zod";
import type { Context } from "../context.js";
import { eq } from "drizzle-orm";
import { ticketNotes, tickets } from "../db/schema/index.js";
import type { EventTransaction } from "../events/bus.js";
import type { JobDefinition } from "../jobs/jobs.js";
import { storeOutgoing } from "../modules/messages/send-message.js";
import { sendStoredMessages } from "../modules/messages/send-stored-messages.js";
import { lockTicket } from "../modules/tickets/ticket-moves.js";
import { chatRequest, readReply } from "./ai-conversation.js";
import { chatCompletion, ProviderFailure } from "./ai-provider.js";
import { latestMessages, promptHolds, readTurn, type TurnFacts, type TurnIds } from "./ai-turn.queries.js";
import { releaseHold } from "./holder.js";
import { endpointOf, transcribeMessage } from "./transcribe.js";

const payload = z.object({
  companyId: z.number().int().positive(),
  ticketId: z.number().int().positive(),
  messageId: z.number().int().positive(),
  promptId: z.number().int().positive(),
});

export const aiTurn: JobDefinition<TurnIds> = {
  name: "ai-turn",
  payload,
  // The provider's own retries take up to 30 s (ai-provider.ts); a run that dies is taken again after 60 s
  // and finds its answer stored, or asks again. Other failures (the database) are retried soon.
  policy: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  // Several customers' turns at once: each mostly waits on the provider.
  concurrency: 4,
  run: (ctx, ids) => takeTurn(ctx, ids),
};

/** Whether the turn is still this prompt's and still unanswered. */
const stillToAnswer = (facts: TurnFacts | undefined, ids: TurnIds): facts is TurnFacts =>
  facts !== undefined && promptHolds(facts, ids.promptId) && facts.isLatest && !facts.answered;

async function takeTurn(ctx: Context, ids: TurnIds): Promise<void> {
  const facts = await readTurn(ctx.db, ids);
  if (!stillToAnswer(facts, ids)) return;
  let reply: string;
  try {
    const history = await latestMessages(ctx.db, ids.companyId, ids.ticketId, facts.prompt.maxMessages);
    // The customer's voice notes the AI reads: transcribed once, the text stored on each.
    for (const m of history) {
      if (m.fromMe || m.mediaType !== "audio" || !m.mediaPath || m.transcription !== null) continue;
      m.transcription = await transcribeMessage(ctx, { ...ids, messageId: m.id, mediaPath: m.mediaPath }, facts.prompt);
    }
    reply = await chatCompletion(endpointOf(ctx, facts.prompt), chatRequest(facts.prompt, facts.customerName, history));
  } catch (err) {
    if (!(err instanceof ProviderFailure)) throw err;
    ctx.log.warn({ ticketId: ids.ticketId, promptId: ids.promptId, reason: err.reason }, "AI provider failed");
    return handOver(ctx, ids, err.reason);
  }
  await ctx.events.transaction((t) => deliver(t, ids, reply));
}

/** The locked ticket with the turn's facts read again under the lock; undefined when no longer this turn's. */
async function lockTurn(t: EventTransaction, ids: TurnIds) {
  const ticket = await lockTicket(t, ids.companyId, ids.ticketId);
  if (!ticket) return undefined;
  const facts = await readTurn(t.db, ids);
  return stillToAnswer(facts, ids) ? { ticket, facts } : undefined;
}

async function deliver(t: EventTransaction, ids: TurnIds, reply: string): Promise<void> {
  const turn = await lockTurn(t, ids);
  if (!turn) return;
  const { text, transfer } = readReply(reply);
  await t.db.update(tickets).set({ aiAnsweredMessageId: ids.messageId }).where(eq(tickets.id, ids.ticketId));
  // Stored as the model wrote it: no message variables are rendered in a reply.
  if (text) {
    const messageId = await storeOutgoing(t, turn.ticket, { body: text, userId: null });
    await t.enqueue(sendStoredMessages, { messageIds: [messageId] });
  }
  if (transfer)
    await releaseHold(t, turn.ticket, { kind: "prompt", promptId: ids.promptId }, turn.facts.prompt.queueId);
}

async function handOver(ctx: Context, ids: TurnIds, reason: string): Promise<void> {
  await ctx.events.transaction(async (t) => {
    // Answered meanwhile (a newer turn), or no longer held: nothing to hand over.
    const turn = await lockTurn(t, ids);
    if (!turn) return;
    const held = { kind: "prompt", promptId: ids.promptId } as const;
    if (!(await releaseHold(t, turn.ticket, held, turn.facts.prompt.queueId))) return;
    await t.db.insert(ticketNotes).values({
      companyId: ids.companyId,
      ticketId: ids.ticketId,
      contactId: turn.facts.contactId,
      userId: null,
      note: `A IA não conseguiu responder (${reason}). O ticket foi passado para a fila, aguardando um atendente.`,
    });
  });
}
