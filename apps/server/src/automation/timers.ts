/**
 * Timer rules (SERVER-BEHAVIOUR "Timers", issue 11 item 4). Pure: the job
 * layer arms one durable job per timer and, when it fires, reads the ticket
 * and its connection again and asks what to do now.
 *
 *   timersFor(ticket, connection)        → the timers the ticket needs now, with when each fires
 *   fireTimer(kind, ticket, connection, now) → what the firing timer does, re-checked:
 *     none (no longer needed: an agent accepted, the ticket closed or was deleted…),
 *     reschedule (still needed, but later: the customer wrote meanwhile),
 *     moveToQueue (redirection / transfer), close (expiry, with its message).
 * Call timersFor again after every change of the ticket (accept, transfer,
 * a customer message) to arm or re-arm; a timer missing from its answer is
 * cancelled. A time of 0 minutes (or no target queue) means never.
 *
 * - queueRedirection: a pending ticket with no queue and no agent, with no
 *   customer message for timeSendQueue minutes → sendIdQueue.
 * - autoTransfer: a pending ticket with no agent, not held by the bot, waiting
 *   in its queue (since queued, else created) for timeToTransfer minutes →
 *   transferQueueId (none once it is there).
 * - expiry: an open ticket without a customer message for expiresTicket
 *   minutes (counted from the accept when that is later: an old conversation
 *   just accepted gets its full time) → expiresInactiveMessage, then closed.
 *   A group is closed without the message; a ticket waiting for its rating
 *   is closed without it too (the customer simply did not rate).
 */
export type TimerKind = "queueRedirection" | "autoTransfer" | "expiry";

export interface TimerTicket {
  status: string;
  userId: number | null;
  queueId: number | null;
  chatbot: boolean;
  isGroup: boolean;
  ratingAsks: number;
  createdAt: Date;
  queuedAt: Date | null;
  acceptedAt: Date | null;
  /** The customer's last message on this ticket (null: none yet). */
  lastCustomerMessageAt: Date | null;
}

export interface TimerConnection {
  sendIdQueue: number | null;
  timeSendQueue: number;
  transferQueueId: number | null;
  timeToTransfer: number;
  expiresTicket: number;
  expiresInactiveMessage: string;
}

export interface Timer {
  kind: TimerKind;
  fireAt: Date;
  /** Where the ticket moves when it fires (null for expiry). */
  queueId: number | null;
}

export type TimerOutcome =
  | { action: "none"; reason: "ticketGone" | "notNeeded" }
  | { action: "reschedule"; fireAt: Date }
  | { action: "moveToQueue"; queueId: number }
  | { action: "close"; texts: string[] };

const after = (from: Date, minutes: number) => new Date(from.getTime() + minutes * 60_000);
const latest = (...dates: (Date | null)[]) =>
  new Date(Math.max(...dates.filter((d): d is Date => d !== null).map((d) => d.getTime())));

const waiting = (t: TimerTicket) => t.status === "pending" && t.userId === null;

function redirection(t: TimerTicket, c: TimerConnection): Timer | undefined {
  if (!waiting(t) || t.queueId !== null || c.sendIdQueue === null || c.timeSendQueue <= 0) return undefined;
  const fireAt = after(t.lastCustomerMessageAt ?? t.createdAt, c.timeSendQueue);
  return { kind: "queueRedirection", fireAt, queueId: c.sendIdQueue };
}

function transfer(t: TimerTicket, c: TimerConnection): Timer | undefined {
  if (!waiting(t) || t.chatbot || c.transferQueueId === null || c.timeToTransfer <= 0) return undefined;
  if (t.queueId === c.transferQueueId) return undefined;
  return {
    kind: "autoTransfer",
    fireAt: after(t.queuedAt ?? t.createdAt, c.timeToTransfer),
    queueId: c.transferQueueId,
  };
}

function expiry(t: TimerTicket, c: TimerConnection): Timer | undefined {
  if (t.status !== "open" || c.expiresTicket <= 0) return undefined;
  const since = latest(t.createdAt, t.acceptedAt, t.lastCustomerMessageAt);
  return { kind: "expiry", fireAt: after(since, c.expiresTicket), queueId: null };
}

export function timersFor(ticket: TimerTicket, connection: TimerConnection): Timer[] {
  return [redirection, transfer, expiry].flatMap((rule) => rule(ticket, connection) ?? []);
}

function expiryTexts(t: TimerTicket, c: TimerConnection): string[] {
  if (t.isGroup || t.ratingAsks > 0 || !c.expiresInactiveMessage.trim()) return [];
  return [c.expiresInactiveMessage];
}

export function fireTimer(
  kind: TimerKind,
  ticket: TimerTicket | undefined,
  connection: TimerConnection | undefined,
  now: Date,
): TimerOutcome {
  if (!ticket || !connection) return { action: "none", reason: "ticketGone" };
  const timer = timersFor(ticket, connection).find((t) => t.kind === kind);
  if (!timer) return { action: "none", reason: "notNeeded" };
  if (timer.fireAt.getTime() > now.getTime()) return { action: "reschedule", fireAt: timer.fireAt };
  if (timer.queueId !== null) return { action: "moveToQueue", queueId: timer.queueId };
  return { action: "close", texts: expiryTexts(ticket, connection) };
}
