/**
 * Queue realtime, driven by the domain events after their commit: the queue
 * as it now is to company-{companyId}-queue; a delete carries only its id.
 */
import type { Context } from "../../context.js";
import type { DomainEvents } from "../../events/events.js";
import { presentQueue } from "./queues.presenter.js";
import { findQueue } from "./queues.queries.js";

/** One deleted meanwhile has nothing left to show. */
async function publish(ctx: Context, action: "create" | "update", e: DomainEvents["queue.created"]) {
  const row = await findQueue(ctx.db, e.companyId, e.queueId);
  if (row) ctx.realtime.emit("queue", { companyId: e.companyId }, { action, queue: presentQueue(row) });
}

export function subscribeQueueRealtime(ctx: Context): void {
  ctx.events.on("queue.created", (e) => publish(ctx, "create", e));
  ctx.events.on("queue.updated", (e) => publish(ctx, "update", e));
  ctx.events.on("queue.deleted", (e) =>
    ctx.realtime.emit("queue", { companyId: e.companyId }, { action: "delete", queueId: e.queueId }),
  );
}
