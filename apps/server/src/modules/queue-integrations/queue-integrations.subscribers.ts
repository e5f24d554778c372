/**
 * Queue integration realtime, driven by the domain events after their commit,
 * on company-{companyId}-queueIntegration (automation-areas §4): the
 * integration on create and update, its id on delete; only the company's
 * administrators hear it (it carries the signing secret).
 */
import { rooms } from "@balcao/contracts";
import type { Context } from "../../context.js";
import type { DomainEvents } from "../../events/events.js";
import { presentQueueIntegration } from "./queue-integrations.presenter.js";
import { findQueueIntegration } from "./queue-integrations.queries.js";

/** One deleted meanwhile has nothing left to show. */
async function publish(
  ctx: Context,
  action: "create" | "update",
  { companyId, integrationId }: DomainEvents["queueIntegration.created"],
) {
  const row = await findQueueIntegration(ctx.db, companyId, integrationId);
  if (!row) return;
  const room = rooms.admins(companyId);
  ctx.realtime.emit(
    "queueIntegration",
    { companyId, room },
    { action, queueIntegration: presentQueueIntegration(row) },
  );
}

export function subscribeQueueIntegrationRealtime(ctx: Context): void {
  ctx.events.on("queueIntegration.created", (e) => publish(ctx, "create", e));
  ctx.events.on("queueIntegration.updated", (e) => publish(ctx, "update", e));
  ctx.events.on("queueIntegration.deleted", ({ companyId, integrationId }) =>
    ctx.realtime.emit(
      "queueIntegration",
      { companyId, room: rooms.admins(companyId) },
      { action: "delete", integrationId },
    ),
  );
}
