/**
 * Quick message realtime, driven by the domain events after their commit, on
 * company{companyId}-quickemessage: create/update with `record`, delete with
 * `id`. A shared one goes to the whole company; a private one to its owner's
 * sockets only.
 */
import type { Context } from "../../context.js";
import type { DomainEvents } from "../../events/events.js";
import { presentQuickMessage } from "./quick-messages.presenter.js";
import { findQuickMessage } from "./quick-messages.queries.js";

function audience(companyId: number, row: { userId: number | null; geral: boolean }) {
  return row.geral || row.userId === null ? { companyId } : { companyId, userId: row.userId };
}

/** One deleted meanwhile has nothing left to show. */
async function publish(
  ctx: Context,
  action: "create" | "update",
  { companyId, quickMessageId }: DomainEvents["quickMessage.created"],
  wasShared = false,
) {
  const row = await findQuickMessage(ctx.db, companyId, quickMessageId);
  if (!row) return;
  if (wasShared && !row.geral) ctx.realtime.emit("quickMessage", { companyId }, { action: "delete", id: row.id });
  ctx.realtime.emit("quickMessage", audience(companyId, row), { action, record: presentQuickMessage(row) });
}

export function subscribeQuickMessageRealtime(ctx: Context): void {
  ctx.events.on("quickMessage.created", (e) => publish(ctx, "create", e));
  ctx.events.on("quickMessage.updated", (e) => publish(ctx, "update", e, e.wasShared));
  ctx.events.on("quickMessage.deleted", (e) =>
    ctx.realtime.emit("quickMessage", audience(e.companyId, e), { action: "delete", id: e.quickMessageId }),
  );
}
