/**
 * A walk (walker.ts) carried out on a ticket locked by the caller, in the caller's transaction (issue 18
 * items 5–6): its texts and media stored and queued for sending in order (send-queue.ts: never
 * twice), the run's new state written with the step counter moved on (a step's job run again finds its
 * step taken), and the run's end applied: no edge → the ticket carries on as any ticket; a ticket node →
 * the node's queue as if the customer chose it; typebot / openai → the node holds the ticket
 * (node-hold.ts); a loop → a ticket note and the ticket pending in its queue.
 */
import type { FlowNode } from "@balcao/contracts";
import { eq, sql } from "drizzle-orm";
import type { Context } from "../../context.js";
import { ticketNotes, tickets } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";
import { storeOutgoing } from "../../modules/messages/send-message.js";
import { queueSends } from "../../modules/messages/send-queue.js";
import { reread, takeHold } from "../holder.js";
import { queueTurn } from "../holder-turns.js";
import { routeToQueue } from "../route-ticket.js";
import { endTicketFlowRun, flowRunCleared } from "./end-runs.js";
import { flowMedia } from "./flow-media.js";
import { startNodeHold } from "./node-hold.js";
import { runColumns } from "./run-state.js";
import type { FlowWalk } from "./walker.js";

type TicketRow = typeof tickets.$inferSelect;

/** The ticket note a stopped loop leaves (issue 18 item 5). */
export const loopNote = "Fluxo interrompido: mais de 50 blocos sem resposta";

export interface WalkOn {
  flowId: number;
  /** The customer's message that moved the run, if one did: a queue's holder gets it as its first turn. */
  messageId?: number;
}

/** What the caller schedules: the run resumes at `step` after `seconds` (flow-step.job.ts). */
export interface Resume {
  step: number;
  seconds: number;
}

/** Stores the walk's texts and media in order; their sending is queued once the walk's end is known. */
async function storeAll(ctx: Pick<Context, "media">, t: EventTransaction, ticket: TicketRow, walk: FlowWalk) {
  const ids: number[] = [];
  for (const action of walk.actions) {
    if (action.type === "text") ids.push(await storeOutgoing(t, ticket, { body: action.body, userId: null }));
    if (action.type !== "media") continue;
    const media = await flowMedia(ctx.media, ticket.companyId, action.media, action.url, action.voiceNote);
    if (media) ids.push(await storeOutgoing(t, ticket, { body: media.mediaName, userId: null, media, caption: "" }));
  }
  return ids;
}

/** Writes the run's state and moves the step on; answers the new step. */
async function keepRunning(t: EventTransaction, ticket: TicketRow, walk: FlowWalk, flowId: number): Promise<number> {
  const [row] = await t.db
    .update(tickets)
    .set({ ...runColumns(walk.state!), flowId, chatbot: true, flowStep: sql`${tickets.flowStep} + 1` })
    .where(eq(tickets.id, ticket.id))
    .returning({ step: tickets.flowStep });
  return row!.step;
}

/** The run is over: its state cleared and the step moved on, whatever comes next. */
async function clearRun(t: EventTransaction, ticket: TicketRow): Promise<void> {
  await t.db
    .update(tickets)
    .set({ ...flowRunCleared, chatbot: false, flowStep: sql`${tickets.flowStep} + 1`, updatedAt: sql`now()` })
    .where(eq(tickets.id, ticket.id));
}

/** A ticket block: its queue as if chosen at the menu, then that queue's prompt or integration may take it. */
async function toQueue(t: EventTransaction, ticket: TicketRow, queueId: number, sent: number[], on: WalkOn) {
  // The queue's greeting goes out after the flow's last texts, in the same delivery.
  if (!(await routeToQueue(t, ticket, queueId, sent))) {
    // The queue is gone: the ticket waits where it is.
    await queueSends(t, ticket, sent);
    await endTicketFlowRun(t, { ...ticket, flowId: on.flowId });
    return;
  }
  const messageId = on.messageId;
  const after = await reread(t, ticket.id);
  const holder = after && (await takeHold(t, after));
  if (holder && messageId !== undefined)
    await queueTurn(t, { companyId: ticket.companyId, ticketId: ticket.id, messageId }, holder);
}

/**
 * A typebot or openai block takes the ticket (node-hold.ts); the customer's message that led there is its
 * first turn, as a queue's holder gets the message that chose the queue.
 */
async function handOff(t: EventTransaction, ticket: TicketRow, node: FlowNode, on: WalkOn): Promise<void> {
  await startNodeHold(t, ticket, on.flowId, node);
  if (on.messageId === undefined) return;
  const ids = { companyId: ticket.companyId, ticketId: ticket.id, messageId: on.messageId };
  await queueTurn(t, ids, { kind: "flowNode", flowId: on.flowId, nodeId: node.id });
}

async function finish(t: EventTransaction, ticket: TicketRow, walk: FlowWalk, sent: number[], on: WalkOn) {
  const last = walk.actions.at(-1);
  await clearRun(t, ticket);
  if (last?.type === "queue" && last.queueId !== null) return toQueue(t, ticket, last.queueId, sent, on);
  await queueSends(t, ticket, sent);
  if (last?.type === "handoff") return handOff(t, ticket, last.node, on);
  if (last?.type === "stopped") {
    await t.db.insert(ticketNotes).values({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: null,
      note: loopNote,
    });
  }
  if (last?.type === "stopped" || last?.type === "queue") {
    await endTicketFlowRun(t, { ...ticket, flowId: on.flowId });
    return;
  }
  // No edge: the ticket carries on as any ticket (the queue menu, a holder, or people).
  t.record("ticket.changed", { companyId: ticket.companyId, ticketId: ticket.id });
}

/**
 * Carries the walk out. `ticket` is the row as the run had it (chatbot true while a flow holds it).
 * Answers the resume to schedule when the walk stopped at a delay.
 */
export async function applyWalk(
  ctx: Pick<Context, "media">,
  t: EventTransaction,
  ticket: TicketRow,
  walk: FlowWalk,
  on: WalkOn,
): Promise<Resume | undefined> {
  const sent = await storeAll(ctx, t, ticket, walk);
  if (!walk.state) return void (await finish(t, ticket, walk, sent, on));
  await queueSends(t, ticket, sent);
  const step = await keepRunning(t, ticket, walk, on.flowId);
  const last = walk.actions.at(-1);
  return last?.type === "delay" ? { step, seconds: last.seconds } : undefined;
}
