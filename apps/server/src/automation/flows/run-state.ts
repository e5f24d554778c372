/**
 * A flow run as the ticket keeps it (tickets.flow_*: issue 18 items 5–6) and what a walk needs around
 * it: the saved flow, and the renderer of its texts for this ticket's customer.
 */
import { type FlowGraph } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import type { tickets } from "../../db/schema/index.js";
import { flows } from "../../db/schema/index.js";
import { hasMessageVariables } from "../message-variables.js";
import { ticketVariables } from "../ticket-variables.js";
import { renderFlowText, type FlowVariables } from "./variables.js";
import type { FlowRunState, WalkOptions } from "./walker.js";

type TicketRow = typeof tickets.$inferSelect;

/**
 * A content block paused at its interval keeps its place among the answers, under a key no answerKey
 * can be (answerKeys are letters, digits and `_`).
 */
const contentAtKey = "@at";

/** The run on the ticket; undefined when no flow holds it. */
export function runStateOf(ticket: TicketRow): FlowRunState | undefined {
  if (ticket.flowId === null || ticket.flowNodeId === null) return undefined;
  const { [contentAtKey]: at, ...variables } = ticket.flowVariables ?? {};
  return {
    nodeId: ticket.flowNodeId,
    waiting: ticket.flowWaiting,
    at: Number(at ?? 0) || 0,
    variables,
    walked: ticket.flowWalked,
  };
}

/** The run's columns for a state (the step counter is the caller's). */
export function runColumns(state: FlowRunState) {
  const flowVariables: FlowVariables =
    state.at > 0 ? { ...state.variables, [contentAtKey]: String(state.at) } : state.variables;
  return { flowNodeId: state.nodeId, flowWaiting: state.waiting, flowVariables, flowWalked: state.walked };
}

export interface SavedFlow {
  id: number;
  graph: FlowGraph;
}

/** The company's flow, when it is active and saved. */
export async function activeFlow(db: Db, companyId: number, flowId: number): Promise<SavedFlow | undefined> {
  const [row] = await db
    .select({ id: flows.id, graph: flows.graph, active: flows.active })
    .from(flows)
    .where(and(eq(flows.id, flowId), eq(flows.companyId, companyId)));
  return row?.active && row.graph ? { id: row.id, graph: row.graph } : undefined;
}

/** The runtime's walk: a real draw, texts rendered for the ticket (read once, only when some text needs it). */
export async function ticketWalkOptions(db: Db, ticket: TicketRow, graph: FlowGraph): Promise<WalkOptions> {
  const input = hasMessageVariables(JSON.stringify(graph.nodes))
    ? await ticketVariables(db, ticket.companyId, ticket.id)
    : undefined;
  return { random: Math.random, render: (template, answers) => renderFlowText(template, answers, input) };
}
