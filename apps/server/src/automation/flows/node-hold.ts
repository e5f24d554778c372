/**
 * A flow's typebot or openai node taking the ticket (issue 18 item 5): the
 * flow runtime reaches the node and hands the ticket on (those nodes have no
 * output; the run ends there). The ticket is then held by the node, as a
 * prompt or an integration holds one (automation/holder.ts, kind
 * "flowNode"): `chatbot` is set, the queue menu, prompts and integrations
 * stay quiet, and each following customer's message is the node's turn
 * (holder-turns.ts: the AI's for openai, the integrations' Typebot turn for
 * typebot).
 *
 * A turn reads the node from the flow's saved graph each time, so an edited
 * node applies at once; a deleted node or flow, or a flow made inactive,
 * releases the hold: the ticket waits in its queue for people (at once when
 * the builder's save, switch or delete does it: end-runs.ts endFlowRuns
 * calls releaseNodeHolds; at the next turn for a graph changed any other way).
 * The message that moved the run is not a turn unless the caller queues it
 * (holder-turns.ts queueTurn with the node's holder).
 */
import { flowNodeSchema, type FlowNode } from "@balcao/contracts";
import { and, eq, isNull, notInArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { integrationSessions, tickets } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";
import { placeOf } from "../../events/events.js";
import { currentHolder, releaseHold, type Holder } from "../holder.js";

type TicketRow = typeof tickets.$inferSelect;
export type NodeHolder = Extract<Holder, { kind: "flowNode" }>;

/** The node kinds that hold a ticket. */
export const holdingNodeTypes = ["typebot", "openai"] as const;
export type HoldingNodeType = (typeof holdingNodeTypes)[number];

/** The ticket, locked by the caller, becomes the node's: its next messages are the node's turns. */
export async function startNodeHold(
  t: EventTransaction,
  ticket: TicketRow,
  flowId: number,
  node: FlowNode,
): Promise<void> {
  await t.db
    .update(tickets)
    .set({
      holdFlowId: flowId,
      holdFlowNodeId: node.id,
      promptId: null,
      integrationId: null,
      useIntegration: false,
      chatbot: true,
      queueOptionId: null,
      // The admin drew the hand-off: it applies even to a ticket a holder let go before.
      holdReleased: false,
      updatedAt: sql`now()`,
    })
    .where(eq(tickets.id, ticket.id));
  // A Typebot chat of an earlier hold is not continued: this hold starts its own.
  await t.db.delete(integrationSessions).where(eq(integrationSessions.ticketId, ticket.id));
  const facts = { companyId: ticket.companyId, ticketId: ticket.id, byUserId: null, before: placeOf(ticket) };
  if (ticket.chatbot) t.record("ticket.changed", { companyId: ticket.companyId, ticketId: ticket.id });
  else t.record("ticket.botStarted", facts);
}

export interface HeldNode {
  type: HoldingNodeType;
  /** The block's fields (§3 "Blocks stored under typebotIntegration"). */
  fields: Record<string, unknown>;
}

/** The node's block fields: §3 keeps them under data.typebotIntegration. */
function fieldsOf(node: FlowNode): Record<string, unknown> {
  const block = node.data.typebotIntegration;
  return typeof block === "object" && block !== null && !Array.isArray(block) ? (block as Record<string, unknown>) : {};
}

/**
 * The holding node as saved now, in an active flow of the company; undefined when the flow is gone or
 * inactive, or the node is gone or no longer a typebot or openai node.
 */
export async function readHeldNode(
  db: Db | Tx,
  companyId: number,
  holder: Pick<NodeHolder, "flowId" | "nodeId">,
): Promise<HeldNode | undefined> {
  const result = await db.execute(sql`
    select n.node from flows f
    cross join lateral jsonb_array_elements(case when jsonb_typeof(f.graph->'nodes') = 'array'
      then f.graph->'nodes' else '[]'::jsonb end) as n(node)
    where f.id = ${holder.flowId} and f.company_id = ${companyId} and f.active and n.node->>'id' = ${holder.nodeId}
    limit 1`);
  const parsed = flowNodeSchema.safeParse((result as { rows: { node: unknown }[] }).rows[0]?.node);
  if (!parsed.success) return undefined;
  const type = holdingNodeTypes.find((k) => k === parsed.data.type);
  return type ? { type, fields: fieldsOf(parsed.data) } : undefined;
}

/** The node is gone (or its flow): the ticket, locked by the caller, waits in its queue for people. */
export function releaseGoneNode(t: EventTransaction, ticket: TicketRow, holder: NodeHolder): Promise<boolean> {
  return releaseHold(t, ticket, holder, null);
}

/**
 * Releases the holds of a flow's nodes in the company (only those of nodes outside `keepNodeIds` when it
 * is given: a save keeps the holds whose node is still drawn), as the flow is switched off, deleted or
 * saved (end-runs.ts endFlowRuns): each ticket waits in its queue for people at once, not at the
 * customer's next message. Answers the tickets let go.
 */
export async function releaseNodeHolds(
  t: EventTransaction,
  where: { companyId: number; flowId: number; keepNodeIds?: string[] },
): Promise<number[]> {
  const conditions = [eq(tickets.companyId, where.companyId), eq(tickets.holdFlowId, where.flowId)];
  if (where.keepNodeIds && where.keepNodeIds.length > 0)
    conditions.push(or(isNull(tickets.holdFlowNodeId), notInArray(tickets.holdFlowNodeId, where.keepNodeIds))!);
  const held = await t.db
    .select()
    .from(tickets)
    .where(and(...conditions))
    .orderBy(tickets.id)
    .for("update");
  const released: number[] = [];
  for (const ticket of held) {
    const holder = currentHolder(ticket);
    if (holder?.kind === "flowNode" && (await releaseHold(t, ticket, holder, null))) released.push(ticket.id);
  }
  return released;
}
