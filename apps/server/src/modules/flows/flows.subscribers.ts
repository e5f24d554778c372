/**
 * Flow realtime, driven by the domain events after their commit, on company-{companyId}-flowbuilder
 * (issue 18 item 1): `{action, flow}` on create and update, `{action: "delete", flowId}` on delete.
 * Only the company's administrators hear it (the admins room: realtime.ts): flows are theirs alone.
 */
import { rooms } from "@balcao/contracts";
import type { Context } from "../../context.js";
import type { DomainEvents } from "../../events/events.js";
import { presentFlowSummary } from "./flows.presenter.js";
import { findFlow } from "./flows.queries.js";

/** One deleted meanwhile has nothing left to show. */
async function publish(ctx: Context, action: "create" | "update", { companyId, flowId }: DomainEvents["flow.created"]) {
  const row = await findFlow(ctx.db, companyId, flowId);
  if (!row) return;
  ctx.realtime.emit(
    "flowbuilder",
    { companyId, room: rooms.admins(companyId) },
    { action, flow: presentFlowSummary(row) },
  );
}

export function subscribeFlowRealtime(ctx: Context): void {
  ctx.events.on("flow.created", (e) => publish(ctx, "create", e));
  ctx.events.on("flow.updated", (e) => publish(ctx, "update", e));
  ctx.events.on("flow.deleted", ({ companyId, flowId }) =>
    ctx.realtime.emit("flowbuilder", { companyId, room: rooms.admins(companyId) }, { action: "delete", flowId }),
  );
}
