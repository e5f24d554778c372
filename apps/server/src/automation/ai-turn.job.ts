/**
 * The AI's turn on a ticket a prompt holds (issue 17 item 3; holder.ts), or a
 * flow's openai node (issue 18 item 5; flows/node-hold.ts): one durable job
 * per customer's message, queued by the answering step in its own
 * transaction (answer-inbound.job.ts). Out of hours too: business hours are
 * the queue menu's and the agents' affair. A prompt and a node differ only in
 * where the settings come from (ai-turn.queries.ts readTurn); a node deleted
 * meanwhile, or its flow, lets the ticket go to people.
 *
 *   1. read the turn; nothing to do unless the prompt (node) still holds the ticket, the
 *      message is still the customer's latest (a newer one's turn answers them all)
 *      and the AI did not answer it yet (ai_answered_message_id: this turn answered before a crash);
 *   2. a voice note is transcribed first (transcribe.ts), so its text feeds the AI;
 *   3. `{baseUrl}/chat/completions` with the latest maxMessages messages
 *      (ai-conversation.ts), tried as ai-provider.ts says;
 *   4. in one transaction, on the locked ticket, the same checks again, then the reply
 *      stored and its sending queued (send-sweep.ts: sent once, even across a
 *      crash) — a crash before that commit calls the provider again, but never sends
 *      twice; the transfer phrase hands the ticket to the prompt's queue, and no
 *      prompt answers it again until it is closed; a node's voice turns the text into a
 *      voice note first (voice-reply.ts, before the transaction);
 *   5. a provider that fails (after its retries, or a refusal such as a bad key) hands
 *      the ticket to the prompt's queue as pending, with a ticket note giving the reason:
 *      no customer waits for a machine that is down.
 */
import { z } from "zod";
import type { Context } from "../context.js";
import { eq } from "drizzle-orm";
import { ticketNotes, tickets } from "../db/schema/index.js";
import type { EventTransaction } from "../events/bus.js";
import { discardReplies, queueReplies, type PreparedReply } from "../integrations/replies.js";
import type { JobDefinition } from "../jobs/jobs.js";
import { lockTicket } from "../modules/tickets/ticket-moves.js";
import { chatRequest, readReply } from "./ai-conversation.js";
import { chatCompletion, ProviderFailure } from "./ai-provider.js";
import {
  aiHolds,
  holderOf,
  latestMessages,
  readTurn,
  type AiSettings,
  type TurnFacts,
  type TurnIds,
} from "./ai-turn.queries.js";
import { releaseHold } from "./holder.js";
import { endpointOf, transcribeMessage } from "./transcribe.js";
import { voiceReply } from "./voice-reply.js";

const id = z.number().int().positive();
const turn = z.object({ companyId: id, ticketId: id, messageId: id });
const payload = z.union([
  turn.extend({ promptId: id }),
  turn.extend({ flowId: id, nodeId: z.string().min(1).max(100) }),
]);

export const aiTurn: JobDefinition<TurnIds> = {
  name: "ai-turn",
  payload,
  // The provider's own retries take up to 30 s (ai-provider.ts); a run that dies is taken again after 60 s
  // and finds its answer stored, or asks again. Other failures (the database) are retried soon.
  policy: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  // Several customers' turns at once: each mostly waits on the provider.
  concurrency: 4,
  companyOf: (_ctx, data) => data.companyId,
  run: (ctx, ids) => takeTurn(ctx, ids),
};

/** Whether the turn is still this prompt's (node's) and still unanswered. */
const stillToAnswer = (facts: TurnFacts | undefined, ids: TurnIds): facts is TurnFacts =>
  facts !== undefined && aiHolds(facts, ids) && facts.isLatest && !facts.answered;

/** The provider's reply to the ticket's latest messages, its voice notes transcribed first. */
async function ask(ctx: Context, ids: TurnIds, facts: TurnFacts, settings: AiSettings): Promise<string> {
  const history = await latestMessages(ctx.db, ids.companyId, ids.ticketId, settings.maxMessages);
  // The customer's voice notes the AI reads: transcribed once, the text stored on each.
  for (const m of history) {
    if (m.fromMe || m.mediaType !== "audio" || !m.mediaPath || m.transcription !== null) continue;
    m.transcription = await transcribeMessage(ctx, { ...ids, messageId: m.id, mediaPath: m.mediaPath }, settings);
  }
  return chatCompletion(endpointOf(ctx, settings), chatRequest(settings, facts.customerName, history));
}

async function takeTurn(ctx: Context, ids: TurnIds): Promise<void> {
  const facts = await readTurn(ctx.db, ids);
  if (!stillToAnswer(facts, ids)) return;
  const { settings } = facts;
  // The node was deleted, or its flow (or made inactive): people answer.
  if (!settings) return handOver(ctx, ids, null);
  let reply: string;
  try {
    reply = await ask(ctx, ids, facts, settings);
  } catch (err) {
    if (!(err instanceof ProviderFailure)) throw err;
    ctx.log.warn({ ticketId: ids.ticketId, ...holderOf(ids), reason: err.reason }, "AI provider failed");
    return handOver(ctx, ids, err.reason);
  }
  const { text, transfer } = readReply(reply);
  // Stored as the model wrote it: no message variables are rendered in a reply.
  const answer: PreparedReply[] = !text
    ? []
    : settings.voice
      ? [await voiceReply(ctx, ids.companyId, settings.voice, text)]
      : [{ body: text }];
  const committed = await ctx.events
    .transaction((t) => deliver(t, ids, answer, transfer))
    .catch(async (err: unknown) => {
      await discardReplies(ctx, answer);
      throw err;
    });
  if (!committed) await discardReplies(ctx, answer);
}

/** The locked ticket with the turn's facts read again under the lock; undefined when no longer this turn's. */
async function lockTurn(t: EventTransaction, ids: TurnIds) {
  const ticket = await lockTicket(t, ids.companyId, ids.ticketId);
  if (!ticket) return undefined;
  const facts = await readTurn(t.db, ids);
  return stillToAnswer(facts, ids) ? { ticket, facts } : undefined;
}

async function deliver(t: EventTransaction, ids: TurnIds, answer: PreparedReply[], transfer: boolean) {
  const turn = await lockTurn(t, ids);
  if (!turn) return false;
  await t.db.update(tickets).set({ aiAnsweredMessageId: ids.messageId }).where(eq(tickets.id, ids.ticketId));
  await queueReplies(t, turn.ticket, answer, 0);
  if (transfer) await releaseHold(t, turn.ticket, holderOf(ids), turn.facts.settings?.queueId ?? null);
  return true;
}

/**
 * People take the ticket: pending in the settings' queue (the ticket's own when the node is gone), with a
 * note giving the provider's failure.
 */
async function handOver(ctx: Context, ids: TurnIds, reason: string | null): Promise<void> {
  await ctx.events.transaction(async (t) => {
    // Answered meanwhile (a newer turn), or no longer held: nothing to hand over.
    const turn = await lockTurn(t, ids);
    if (!turn) return;
    const queueId = turn.facts.settings?.queueId ?? null;
    if (!(await releaseHold(t, turn.ticket, holderOf(ids), queueId)) || reason === null) return;
    await t.db.insert(ticketNotes).values({
      companyId: ids.companyId,
      ticketId: ids.ticketId,
      contactId: turn.facts.contactId,
      userId: null,
      note: `A IA não conseguiu responder (${reason}). O ticket foi passado para a fila, aguardando um atendente.`,
    });
  });
}
