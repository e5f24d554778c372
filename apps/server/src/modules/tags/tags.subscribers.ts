/**
 * Tag realtime, driven by the domain events after their commit, on
 * company-{companyId}-tag (the channel the spec's client should have listened
 * on; it listened on 'user', a noted defect): the tag with its tickets count,
 * or its id when deleted.
 */
import type { Context } from "../../context.js";
import type { DomainEvents } from "../../events/events.js";
import { findTag } from "./tags.queries.js";
import { withCounts } from "./tags.service.js";

/** One deleted meanwhile has nothing left to show. */
async function publish(ctx: Context, action: "create" | "update", { companyId, tagId }: DomainEvents["tag.created"]) {
  const row = await findTag(ctx.db, companyId, tagId);
  if (!row) return;
  const [tag] = await withCounts(ctx, companyId, [row]);
  ctx.realtime.emit("tag", { companyId }, { action, tag: tag! });
}

export function subscribeTagRealtime(ctx: Context): void {
  ctx.events.on("tag.created", (e) => publish(ctx, "create", e));
  ctx.events.on("tag.updated", (e) => publish(ctx, "update", e));
  ctx.events.on("tag.deleted", (e) =>
    ctx.realtime.emit("tag", { companyId: e.companyId }, { action: "delete", tagId: e.tagId }),
  );
}
