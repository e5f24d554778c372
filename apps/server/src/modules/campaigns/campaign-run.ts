/**
 * What the campaigns service asks of the dispatch side (SERVER-BEHAVIOUR
 * "Campaigns", business-areas §4): whether a campaign can start, its start at
 * scheduledAt, cancel and restart. The sends themselves are durable jobs:
 * start-campaign.job.ts builds the rows at scheduledAt, dispatch-campaign.job.ts
 * sends them at the company's pace, campaign-reply.job.ts follows replies.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { Tx } from "../../db/client.js";
import { campaigns, whatsapps } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";
import { AppError } from "../../http/errors.js";
import { campaignSettings } from "../campaign-settings/campaign-settings.js";
import { buildShipping, confirmationVariants, hasRecipients, messageVariants } from "./build-shipping.js";
import { enqueueDispatch } from "./dispatch-campaign.job.js";
import { enqueueStart } from "./start-campaign.job.js";

type Campaign = typeof campaigns.$inferSelect;

/**
 * Refuses a campaign that could not send: no connection of the company
 * (ERR_CAMPAIGN_NO_CONNECTION), nobody to send to — no list or tag, a list
 * with no item valid or still unchecked, a tag on no contact with a number
 * (ERR_CAMPAIGN_NO_RECIPIENTS), or no text — no message variant, or a
 * confirmation campaign without a confirmation variant (ERR_CAMPAIGN_NO_MESSAGE).
 */
export async function assertStartable(tx: Tx, companyId: number, campaign: Campaign): Promise<void> {
  const connection =
    campaign.whatsappId === null
      ? undefined
      : await tx.query.whatsapps.findFirst({
          where: and(eq(whatsapps.id, campaign.whatsappId), eq(whatsapps.companyId, companyId)),
          columns: { id: true },
        });
  if (!connection) throw new AppError("ERR_CAMPAIGN_NO_CONNECTION");
  if (!(await hasRecipients(tx, { ...campaign, companyId }))) throw new AppError("ERR_CAMPAIGN_NO_RECIPIENTS");
  const confirmationMissing = campaign.confirmation && confirmationVariants(campaign).length === 0;
  if (messageVariants(campaign).length === 0 || confirmationMissing) throw new AppError("ERR_CAMPAIGN_NO_MESSAGE");
}

/** In the save's transaction: the campaign starts at scheduledAt (an earlier waiting start is brought forward). */
export async function queueCampaignStart(
  t: EventTransaction,
  c: { companyId: number; campaignId: number; scheduledAt: Date },
): Promise<void> {
  await enqueueStart(t, { companyId: c.companyId, campaignId: c.campaignId }, c.scheduledAt);
}

/** The company's campaign, locked for the change; 404 when it is not theirs. */
async function lockCampaign(t: EventTransaction, companyId: number, campaignId: number): Promise<Campaign> {
  const [row] = await t.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.companyId, companyId)))
    .for("update");
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return row;
}

/**
 * EM_ANDAMENTO (or PROGRAMADA) → CANCELADA: the sends not made yet are
 * removed (a run in the middle of one finishes it and stops); rows already
 * sent, failed or awaiting a reply stay for the report.
 */
export async function cancelCampaign(ctx: Context, companyId: number, campaignId: number): Promise<void> {
  await ctx.events.transaction(async (t) => {
    const campaign = await lockCampaign(t, companyId, campaignId);
    if (campaign.status !== "EM_ANDAMENTO" && campaign.status !== "PROGRAMADA")
      throw new AppError("ERR_CAMPAIGN_NOT_RUNNING");
    await t.db
      .update(campaigns)
      .set({ status: "CANCELADA", updatedAt: new Date() })
      .where(eq(campaigns.id, campaignId));
    await t.db.execute(sql`
      delete from campaign_shipping where campaign_id = ${campaignId} and status = 'pending'`);
    t.record("campaign.updated", { companyId, campaignId });
  });
}

/**
 * CANCELADA → EM_ANDAMENTO, continuing where it stopped: rows are built for
 * the recipients without one, from the campaign's current (maybe edited)
 * texts; a delivered, failed or unknown row is never sent again. The pace
 * goes on from where it was.
 */
export async function restartCampaign(ctx: Context, companyId: number, campaignId: number): Promise<void> {
  await ctx.events.transaction(async (t) => {
    const campaign = await lockCampaign(t, companyId, campaignId);
    if (campaign.status !== "CANCELADA") throw new AppError("ERR_CAMPAIGN_NOT_CANCELED");
    await assertStartable(t.db, companyId, campaign);
    await buildShipping(t.db, campaign, await campaignSettings(t.db, companyId));
    await t.db
      .update(campaigns)
      .set({ status: "EM_ANDAMENTO", completedAt: null, updatedAt: new Date() })
      .where(eq(campaigns.id, campaignId));
    await enqueueDispatch(t, { companyId, campaignId });
    t.record("campaign.updated", { companyId, campaignId });
  });
}
