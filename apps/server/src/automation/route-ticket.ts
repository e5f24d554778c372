/**
 * The queue bot's decision (chatbot.ts) applied to a locked ticket in the
 * answering job's transaction: the ticket's bot state changes, the events
 * that tell agents and the timeline what happened are recorded, and the
 * texts are rendered after the change (so {{queue}} is the chosen one) and
 * queued for sending.
 *
 * Events: the bot taking the ticket (its menu, or a queue whose options it
 * walks) → ticket.botStarted; a queue reached for agents (chosen, a leaf,
 * out of hours) → ticket.queued; "sair" → ticket.closed; back at the queue
 * menu ("#") → ticket.changed. All by nobody (byUserId null).
 */
import { and, eq } from "drizzle-orm";
import { queues, tickets } from "../db/schema/index.js";
import type { EventTransaction } from "../events/bus.js";
import { placeOf } from "../events/events.js";
import { queueSends } from "../modules/messages/send-queue.js";
import { queueAutomatic } from "../modules/tickets/automatic-messages.js";
import { enterQueue, routeInbound, type BotDecision } from "./chatbot.js";
import { botContext, type BotContext } from "./chatbot.queries.js";
import { storeDecision, type TicketChange } from "./decision-statement.js";
import { hasMessageVariables } from "./message-variables.js";

type TicketRow = typeof tickets.$inferSelect;

/**
 * The queue bot's answer to the customer's text: the ticket changed and the texts queued. `context`: the
 * bot's context as the caller read it already (null: the connection has none). Answers whether the ticket
 * changed queue (a flow or a holder of the new queue may take it then).
 */
export async function routeTicket(
  t: EventTransaction,
  ticket: TicketRow,
  text: string,
  options: { context?: BotContext | null } = {},
): Promise<boolean> {
  const context =
    options.context !== undefined
      ? (options.context ?? undefined)
      : await botContext(t.db, ticket.companyId, ticket.whatsappId);
  if (!context) return false;
  const now = new Date();
  const decision = routeInbound({ ...context, ticket, text, now });
  const { queueId } = decision.change;
  const queueChanged = queueId !== undefined && queueId !== ticket.queueId;
  if (decision.step === "ignored" && Object.keys(decision.change).length === 0) return queueChanged;
  await applyDecision(t, ticket, decision, now);
  return queueChanged;
}

/**
 * Puts the ticket in `queueId` as if its customer had chosen it at the menu (a flow's ticket block):
 * the queue's greeting or options, its hours; a queue of the company not on the ticket's connection just
 * takes it. False (nothing changed) when the queue is not the company's (deleted since the flow's save).
 */
export async function routeToQueue(
  t: EventTransaction,
  ticket: TicketRow,
  queueId: number,
  /** Messages stored in this transaction to send first (queueAutomatic's `after`). */
  after: readonly number[] = [],
): Promise<boolean> {
  const context = await botContext(t.db, ticket.companyId, ticket.whatsappId);
  const now = new Date();
  let decision = context && enterQueue({ ...context, ticket, now }, queueId);
  if (!decision) {
    const [own] = await t.db
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.id, queueId), eq(queues.companyId, ticket.companyId)));
    if (!own) return false;
    const change = { queueId, queueOptionId: null, chatbot: false };
    decision = { step: "handedToQueue", texts: [], change, close: false, detail: "" };
  }
  await applyDecision(t, ticket, decision, now, after);
  return true;
}

/**
 * Writes the decision, records its step and queues its texts after `after` (messages stored earlier in
 * the transaction). Texts without message variables go in one statement with the change
 * (decision-statement.ts).
 */
async function applyDecision(
  t: EventTransaction,
  ticket: TicketRow,
  decision: BotDecision,
  now: Date,
  after: readonly number[] = [],
): Promise<void> {
  const { queueId } = decision.change;
  const queued = queueId !== undefined && queueId !== null && queueId !== ticket.queueId;
  const change: TicketChange = {
    ...decision.change,
    ...(queued ? { queuedAt: now } : {}),
    ...(decision.close ? { status: "closed", closedAt: now } : {}),
  };
  recordStep(t, ticket, decision);
  if (!decision.texts.some(hasMessageVariables)) {
    // The sweep sends a ticket's messages by id: `after`, stored before, go out first.
    await queueSends(t, ticket, after);
    return storeDecision(t, ticket, change, decision.texts, now);
  }
  await t.db
    .update(tickets)
    .set({ ...change, updatedAt: now })
    .where(eq(tickets.id, ticket.id));
  await queueAutomatic(t, ticket, decision.texts, { after });
}

function recordStep(t: EventTransaction, ticket: TicketRow, { change, close }: BotDecision): void {
  const facts = { companyId: ticket.companyId, ticketId: ticket.id, byUserId: null, before: placeOf(ticket) };
  const queueId = change.queueId === undefined ? ticket.queueId : change.queueId;
  const chatbot = change.chatbot ?? ticket.chatbot;
  const queueChanged = queueId !== ticket.queueId;
  if (close) t.record("ticket.closed", facts);
  else if (queueId !== null && !chatbot && (queueChanged || ticket.chatbot))
    t.record("ticket.queued", { ...facts, queueId });
  else if (chatbot && ((queueId !== null && queueChanged) || !ticket.chatbot)) t.record("ticket.botStarted", facts);
  else if (queueChanged)
    t.record("ticket.changed", { companyId: ticket.companyId, ticketId: ticket.id, before: facts.before });
}
