/** A flow as the list, the selects and the builder read it (automation-areas §3, §7): keys masked, never whole. */
import type { FlowDetail, FlowSummary } from "@balcao/contracts";
import { maskGraphKeys } from "./flow-secrets.js";
import type { FlowRow } from "./flows.queries.js";

export function presentFlowSummary(row: Pick<FlowRow, "id" | "name" | "active">): FlowSummary {
  return { id: row.id, name: row.name, active: row.active };
}

/** GET /flowbuilder/flow/{id}: `flow.flow` null until the first save. */
export function presentFlowDetail(row: FlowRow): FlowDetail {
  return { flow: { ...presentFlowSummary(row), flow: row.graph ? maskGraphKeys(row.graph) : null } };
}
