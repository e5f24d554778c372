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
import { queueAutomatic, storeAutomatic } from "../modules/tickets/automatic-messages.js";
import { enterQueue, routeInbound, type BotDecision } from "./chatbot.js";
import { botContext, type BotContext } from "./chatbot.queries.js";
import { storeDecision, type TicketChange } from "./decision-statement.js";
import { hasMessageVariables } from "./message-variables.js";

type TicketRow = typeof tickets.$inferSelect;

/** What routing did: the texts stored when their sending is deferred, and whether the ticket changed queue. */
export interface Routed {
  messageIds: number[];
  queueChanged: boolean;
}

/**
 * `deferSend`: the texts are stored and their ids answered instead of queued, for the caller to send
 * with what follows them (answer-inbound.job.ts: a flow the chosen queue starts goes out after them).
 * `context`: the bot's context as the caller read it already (null: the connection has none).
 */
export async function routeTicket(
  t: EventTransaction,
  ticket: TicketRow,
  text: string,
  options: { deferSend?: boolean; context?: BotContext | null } = {},
): Promise<Routed> {
  const context =
    options.context !== undefined
      ? (options.context ?? undefined)
      : await botContext(t.db, ticket.companyId, ticket.whatsappId);
  if (!context) return { messageIds: [], queueChanged: false };
  const now = new Date();
  const decision = routeInbound({ ...context, ticket, text, now });
  const { queueId } = decision.change;
  const queueChanged = queueId !== undefined && queueId !== ticket.queueId;
  if (decision.step === "ignored" && Object.keys(decision.change).length === 0) return { messageIds: [], queueChanged };
  const defer = options.deferSend ?? false;
  return { messageIds: await applyDecision(t, ticket, decision, now, { after: [], defer }), queueChanged };
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
  await applyDecision(t, ticket, decision, now, { after, defer: false });
  return true;
}

/**
 * Writes the decision and records its step; answers the texts' ids when their sending is deferred. A
 * deferred answer (the answer's path) without message variables is one statement (decision-statement.ts).
 */
async function applyDecision(
  t: EventTransaction,
  ticket: TicketRow,
  decision: BotDecision,
  now: Date,
  send: { after: readonly number[]; defer: boolean },
): Promise<number[]> {
  const { queueId } = decision.change;
  const queued = queueId !== undefined && queueId !== null && queueId !== ticket.queueId;
  const change: TicketChange = {
    ...decision.change,
    ...(queued ? { queuedAt: now } : {}),
    ...(decision.close ? { status: "closed", closedAt: now } : {}),
  };
  recordStep(t, ticket, decision);
  if (send.defer && !decision.texts.some(hasMessageVariables))
    return [...send.after, ...(await storeDecision(t, ticket, change, decision.texts, now))];
  await t.db
    .update(tickets)
    .set({ ...change, updatedAt: now })
    .where(eq(tickets.id, ticket.id));
  if (send.defer) return [...send.after, ...(await storeAutomatic(t, ticket, decision.texts))];
  await queueAutomatic(t, ticket, decision.texts, { after: send.after });
  return [];
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
