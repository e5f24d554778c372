/**
 * Flows on the answer path (issue 18 item 5): answer-inbound.job.ts asks here first, for each customer's
 * message on a ticket nobody attends, on the ticket locked by its claim. In order:
 *   1. a phrase campaign: an active campaign of an active flow whose phrase is the message (phraseKey)
 *      on the ticket's connection, or on every connection (the connection's own first), starts its flow,
 *      restarting one that runs;
 *   2. a running flow takes the message (a menu or question reply moves it; during a send or a delay it
 *      is kept and nothing moves);
 *   3. on a connection whose integration is a flowbuilder integration: the welcome flow for the
 *      contact's first message ever, else the default flow for a new ticket's first message.
 * True when a flow took the message: the queue menu, prompts and integrations stay quiet. A queue whose
 * integration is a flowbuilder integration, chosen at the menu, starts the connection's default flow
 * (startQueueFlow). Groups never.
 */
import { phraseKey, type FlowGraph } from "@balcao/contracts";
import { eq, sql, type SQL } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { SqlInputs } from "../../db/rows.js";
import { tickets } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";
import { placeOf } from "../../events/events.js";
import { applyWalk } from "./apply-walk.js";
import { endTicketFlowRun } from "./end-runs.js";
import { scheduleResume } from "./flow-step.job.js";
import { activeFlow, runStateOf, ticketWalkOptions, type SavedFlow } from "./run-state.js";
import { replyToFlow, startFlow } from "./walker.js";

type TicketRow = typeof tickets.$inferSelect;
type Deps = Pick<Context, "media">;

export interface StartFacts {
  campaignFlowId: number | null;
  /** The connection's flows when its integration is a flowbuilder one and no run holds the ticket. */
  welcomeFlowId: number | null;
  defaultFlowId: number | null;
  firstEver: boolean;
  firstOfTicket: boolean;
  /** The graph of the flow running on the ticket, when it is still active (read here: one trip less a step). */
  runningGraph: FlowGraph | null;
}

/** What startFactsQuery asks about: the ticket's columns, the message and its text's phraseKey. */
export type StartPlace = SqlInputs<
  Pick<TicketRow, "id" | "companyId" | "whatsappId" | "contactId" | "flowId"> & {
    messageId: number;
    phraseKey: string | null;
  }
>;

/** What may start a flow on this message, in one statement (it runs for every answered message): one row. */
export function startFactsQuery(at: StartPlace): SQL {
  return sql`
    with conn as (
      select w.flow_id_welcome, w.flow_id_not_phrase from whatsapps w
      join queue_integrations qi on qi.id = w.integration_id and qi.type = 'flowbuilder'
      where w.id = ${at.whatsappId} and w.company_id = ${at.companyId} and ${at.flowId}::int is null)
    select
      (select fc.flow_id from flow_campaigns fc join flows f on f.id = fc.flow_id and f.active
        where fc.company_id = ${at.companyId} and fc.status and fc.phrase_key = ${at.phraseKey}
          and (fc.whatsapp_id = ${at.whatsappId} or fc.whatsapp_id is null)
        order by fc.whatsapp_id is null, fc.id limit 1) as "campaignFlowId",
      (select flow_id_welcome from conn) as "welcomeFlowId",
      (select flow_id_not_phrase from conn) as "defaultFlowId",
      exists (select 1 from conn where flow_id_welcome is not null) and not exists (
        select 1 from tickets o join messages m on m.ticket_id = o.id
        where o.contact_id = ${at.contactId} and m.id < ${at.messageId} and not m.from_me) as "firstEver",
      exists (select 1 from conn where flow_id_not_phrase is not null) and not exists (select 1 from messages m
        where m.ticket_id = ${at.id} and m.id < ${at.messageId} and not m.from_me) as "firstOfTicket",
      (select f.graph from flows f
        where f.id = ${at.flowId} and f.company_id = ${at.companyId} and f.active) as "runningGraph"`;
}

async function startFacts(db: Db, ticket: TicketRow, body: string, messageId: number): Promise<StartFacts> {
  const result = await db.execute(startFactsQuery({ ...ticket, messageId, phraseKey: phraseKey(body) }));
  return (result as { rows: StartFacts[] }).rows[0]!;
}

/** Starts the flow on the ticket (over a run it may have), and walks it to its first stop. */
export async function startRun(
  ctx: Deps,
  t: EventTransaction,
  ticket: TicketRow,
  flow: SavedFlow,
  messageId?: number,
): Promise<void> {
  const fresh = { flowId: flow.id, flowNodeId: null, flowWaiting: false, flowVariables: {}, flowWalked: 0 };
  const held = { chatbot: true, promptId: null, integrationId: null, useIntegration: false, queueOptionId: null };
  const nodeHold = { holdFlowId: null, holdFlowNodeId: null };
  await t.db
    .update(tickets)
    .set({ ...fresh, ...held, ...nodeHold, updatedAt: sql`now()` })
    .where(eq(tickets.id, ticket.id));
  const facts = { companyId: ticket.companyId, ticketId: ticket.id, byUserId: null, before: placeOf(ticket) };
  if (ticket.chatbot) t.record("ticket.changed", { companyId: ticket.companyId, ticketId: ticket.id });
  else t.record("ticket.botStarted", facts);
  const running: TicketRow = { ...ticket, ...fresh, ...held, ...nodeHold };
  const walk = startFlow(flow.graph, await ticketWalkOptions(t.db, running, flow.graph));
  const next = await applyWalk(ctx, t, running, walk, { flowId: flow.id, messageId });
  await scheduleResume(t, { companyId: ticket.companyId, ticketId: ticket.id }, next);
}

/** The customer's message to the run on the ticket (`graph`: its flow's, null when no longer active). */
async function replyRun(
  ctx: Deps,
  t: EventTransaction,
  ticket: TicketRow,
  graph: FlowGraph | null,
  turn: { body: string; messageId: number },
) {
  const state = runStateOf(ticket);
  const flow = graph && ticket.flowId !== null ? { id: ticket.flowId, graph } : undefined;
  // Its flow was made inactive or deleted meanwhile: the ticket waits for people.
  if (!flow || !state) return void (await endTicketFlowRun(t, ticket));
  // Sending, or in a delay: the message is kept (it is stored already) and nothing moves.
  if (!state.waiting) return;
  const walk = replyToFlow(flow.graph, state, turn.body, await ticketWalkOptions(t.db, ticket, flow.graph));
  const next = await applyWalk(ctx, t, ticket, walk, { flowId: flow.id, messageId: turn.messageId });
  await scheduleResume(t, { companyId: ticket.companyId, ticketId: ticket.id }, next);
}

/** A flow may take a message on a ticket that waits with no agent, never in a group. */
const open = (ticket: TicketRow) => ticket.status === "pending" && ticket.userId === null && !ticket.isGroup;

/** The flow this message starts, if any (see the top of this file). */
function startingFlowId(ticket: TicketRow, facts: StartFacts): number | null {
  if (facts.campaignFlowId !== null) return facts.campaignFlowId;
  if (ticket.flowId !== null) return null;
  if (facts.welcomeFlowId !== null && facts.firstEver) return facts.welcomeFlowId;
  if (facts.defaultFlowId !== null && facts.firstOfTicket) return facts.defaultFlowId;
  return null;
}

/**
 * True when a flow took the customer's message (answer-inbound.job.ts: nothing else answers it then).
 * `known`: startFactsQuery's row for this message, as the caller read it already.
 */
export async function flowTurn(
  ctx: Deps,
  t: EventTransaction,
  ticket: TicketRow,
  body: string,
  messageId: number,
  known?: StartFacts,
): Promise<boolean> {
  if (!open(ticket)) return false;
  const facts = known ?? (await startFacts(t.db, ticket, body, messageId));
  const flowId = startingFlowId(ticket, facts);
  const flow = flowId === null ? undefined : await activeFlow(t.db, ticket.companyId, flowId);
  if (flow) await startRun(ctx, t, ticket, flow, messageId);
  else if (ticket.flowId !== null) await replyRun(ctx, t, ticket, facts.runningGraph, { body, messageId });
  return flow !== undefined || ticket.flowId !== null;
}

/**
 * The queue menu just put the ticket (`after`, as it is now) in a queue whose integration is a
 * flowbuilder integration: the connection's default flow starts, with this message. True when it did.
 */
export async function startQueueFlow(ctx: Deps, t: EventTransaction, after: TicketRow, messageId: number) {
  if (!open(after) || after.queueId === null) return false;
  const result = await t.db.execute(sql`
    select w.flow_id_not_phrase as "flowId" from queues q
    join queue_integrations qi on qi.id = q.integration_id and qi.type = 'flowbuilder'
    join whatsapps w on w.id = ${after.whatsappId} and w.company_id = q.company_id
    where q.id = ${after.queueId} and q.company_id = ${after.companyId}`);
  const flowId = (result as { rows: { flowId: number | null }[] }).rows[0]?.flowId;
  const flow = flowId ? await activeFlow(t.db, after.companyId, flowId) : undefined;
  if (flow) await startRun(ctx, t, after, flow, messageId);
  return flow !== undefined;
}
