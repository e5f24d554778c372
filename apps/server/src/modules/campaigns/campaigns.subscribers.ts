/**
 * Campaign realtime, driven by the domain events after their commit, on
 * company-{companyId}-campaign: create/update with the `record` (its report
 * included, so an open report page follows the sends), delete with the `id`,
 * to the company's sockets only.
 */
import type { Context } from "../../context.js";
import type { DomainEvents } from "../../events/events.js";
import { campaignDto } from "./campaigns.presenter.js";

/** One deleted meanwhile has nothing left to show. */
async function publish(
  ctx: Context,
  action: "create" | "update",
  { companyId, campaignId }: DomainEvents["campaign.created"],
) {
  const record = await campaignDto(ctx.db, companyId, campaignId);
  if (record) ctx.realtime.emit("campaign", { companyId }, { action, record });
}

export function subscribeCampaignRealtime(ctx: Context): void {
  ctx.events.on("campaign.created", (e) => publish(ctx, "create", e));
  ctx.events.on("campaign.updated", (e) => publish(ctx, "update", e));
  ctx.events.on("campaign.deleted", ({ companyId, campaignId }) =>
    ctx.realtime.emit("campaign", { companyId }, { action: "delete", id: campaignId }),
  );
}
