/**
 * Flows (issue 18 item 1; automation-areas §7 "Flows"): the only writer of the flows table.
 * A new flow is active. Deactivating a flow, deleting it, or a save that removes the node a
 * ticket's run stands on ends those runs in the same transaction (automation/flows/end-runs.ts:
 * the ticket stays pending in its queue). Deleting a flow deletes its phrase campaigns (foreign
 * key ON DELETE CASCADE) and clears the connection fields naming it (ON DELETE SET NULL), each
 * connection recorded as saved. Changes are recorded as flow.* events (flows.subscribers.ts
 * publishes them to the company's administrators).
 */
import type { FlowDetail, FlowSummary, flowCreateSchema, flowSaveSchema, flowUpdateSchema } from "@balcao/contracts";
import { flowLimits } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { endFlowRuns } from "../../automation/flows/end-runs.js";
import type { Context } from "../../context.js";
import { flows } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";
import { AppError } from "../../http/errors.js";
import { checkFlowGraph } from "./flow-graph.js";
import { sealGraphKeys } from "./flow-secrets.js";
import { presentFlowDetail, presentFlowSummary } from "./flows.presenter.js";
import { connectionsNamingFlow, findFlow, listFlows, lockFlow, type FlowRow } from "./flows.queries.js";

type FlowCreate = z.infer<typeof flowCreateSchema>;
type FlowUpdate = z.infer<typeof flowUpdateSchema>;
/** The save's body before the graph checks: flow-graph.ts answers each node's fault with its id. */
type FlowSave = Omit<z.infer<typeof flowSaveSchema>, "nodes" | "connections"> & {
  nodes: unknown[];
  connections: unknown[];
};

export async function getFlows(ctx: Context, companyId: number, searchParam: string, pageNumber?: number) {
  const { rows, hasMore } = await listFlows(ctx.db, companyId, searchParam, pageNumber);
  return { flows: rows.map(presentFlowSummary), hasMore };
}

/** Another company's flow answers 404 as if it did not exist. */
export async function loadFlow(ctx: Context, companyId: number, id: number): Promise<FlowRow> {
  const row = await findFlow(ctx.db, companyId, id);
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return row;
}

export async function showFlow(ctx: Context, companyId: number, id: number): Promise<FlowDetail> {
  return presentFlowDetail(await loadFlow(ctx, companyId, id));
}

/** Locks the flow for a change, or 404 (another company's, or deleted meanwhile). */
async function locked(e: EventTransaction, companyId: number, id: number): Promise<FlowRow> {
  const row = await lockFlow(e.db, companyId, id);
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return row;
}

async function insertFlow(e: EventTransaction, values: typeof flows.$inferInsert): Promise<FlowSummary> {
  const [row] = await e.db.insert(flows).values(values).returning();
  e.record("flow.created", { companyId: values.companyId, flowId: row!.id });
  return presentFlowSummary(row!);
}

export function createFlow(ctx: Context, companyId: number, input: FlowCreate): Promise<FlowSummary> {
  return ctx.events.transaction((e) => insertFlow(e, { companyId, name: input.name, active: true }));
}

/** Renames, and switches active when sent; switching it off ends the flow's runs. */
export function updateFlow(ctx: Context, companyId: number, input: FlowUpdate): Promise<FlowSummary> {
  return ctx.events.transaction(async (e) => {
    const current = await locked(e, companyId, input.flowId);
    const active = input.active ?? current.active;
    const [row] = await e.db
      .update(flows)
      .set({ name: input.name, active, updatedAt: new Date() })
      .where(and(eq(flows.id, current.id), eq(flows.companyId, companyId)))
      .returning();
    if (!active) await endFlowRuns(e, { companyId, flowId: current.id });
    e.record("flow.updated", { companyId, flowId: current.id });
    return presentFlowSummary(row!);
  });
}

/** Its runs end first (each ticket pending in its queue); its campaigns and connection links go with it. */
export async function deleteFlow(ctx: Context, companyId: number, id: number): Promise<void> {
  await ctx.events.transaction(async (e) => {
    await locked(e, companyId, id);
    await endFlowRuns(e, { companyId, flowId: id });
    const connections = await connectionsNamingFlow(e.db, companyId, id);
    await e.db.delete(flows).where(and(eq(flows.id, id), eq(flows.companyId, companyId)));
    for (const whatsappId of connections) e.record("whatsapp.saved", { companyId, whatsappId });
    e.record("flow.deleted", { companyId, flowId: id });
  });
}

/** A copy's name: the original's, marked, within the name limit. */
function copyName(name: string): string {
  const mark = " (2)";
  return name.slice(0, flowLimits.nameMax - mark.length) + mark;
}

/** The copy draws the same graph, its encrypted keys copied as stored; it starts active. */
export function duplicateFlow(ctx: Context, companyId: number, flowId: number): Promise<FlowSummary> {
  return ctx.events.transaction(async (e) => {
    const source = await locked(e, companyId, flowId);
    return insertFlow(e, { companyId, name: copyName(source.name), active: true, graph: source.graph });
  });
}

/**
 * POST /flowbuilder/flow: the whole graph checked first (nothing changes on a refusal), the keys
 * sealed against the stored graph, and the runs standing on a node the save removes ended.
 */
export async function saveFlowGraph(ctx: Context, companyId: number, input: FlowSave): Promise<FlowDetail> {
  await loadFlow(ctx, companyId, input.idFlow);
  const checked = await checkFlowGraph(ctx, companyId, input);
  return ctx.events.transaction(async (e) => {
    const current = await locked(e, companyId, input.idFlow);
    const graph = sealGraphKeys(checked, current.graph);
    const [row] = await e.db
      .update(flows)
      .set({ graph, updatedAt: new Date() })
      .where(and(eq(flows.id, current.id), eq(flows.companyId, companyId)))
      .returning();
    await endFlowRuns(e, { companyId, flowId: current.id, keepNodeIds: graph.nodes.map((n) => n.id) });
    e.record("flow.updated", { companyId, flowId: current.id });
    return presentFlowDetail(row!);
  });
}
