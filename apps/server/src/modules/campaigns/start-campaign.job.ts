/**
 * A scheduled campaign's start as a durable job (SERVER-BEHAVIOUR
 * "Campaigns"), like a schedule's send (send-schedule.job.ts): queued in the
 * transaction that saves it PROGRAMADA, startAfter scheduledAt, one waiting
 * per campaign (policy "short", singletonKey its id); a run that finds the
 * time moved later queues itself for it, one that finds the campaign gone or
 * no longer PROGRAMADA ends quietly.
 *
 * At the start: when the list still has numbers WhatsApp has not confirmed
 * and their checks can go on (the company's default connection runs), it
 * looks again every 15 s for up to 30 min past scheduledAt, then goes with
 * the confirmed ones. The rows are built (build-shipping.ts) and the campaign
 * becomes EM_ANDAMENTO with its pace reset, and its dispatch queued, in one
 * commit; with nobody to send to it is FINALIZADA at once.
 */
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Context } from "../../context.js";
import { campaigns, whatsapps } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";
import type { JobDefinition } from "../../jobs/jobs.js";
import { campaignSettings } from "../campaign-settings/campaign-settings.js";
import { buildShipping, uncheckedCount } from "./build-shipping.js";
import { enqueueDispatch } from "./dispatch-campaign.job.js";
import { hasPending } from "./shipping-steps.js";

const payload = z.object({ companyId: z.number().int().positive(), campaignId: z.number().int().positive() });
type Payload = z.infer<typeof payload>;
type Campaign = typeof campaigns.$inferSelect;

/** How often a start waiting for the list's checks looks again, and for how long past scheduledAt at most. */
const checksPollMs = 15_000;
const checksWaitMs = 30 * 60_000;

export const startCampaign: JobDefinition<Payload> = {
  name: "start-campaign",
  payload,
  // Building 10,000 rows takes well under a second; the rest is a few statements.
  policy: { policy: "short", retryLimit: 6, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  companyOf: (_ctx, data) => data.companyId,
  run: (ctx, data) => runStart(ctx, data),
};

const startOptions = (campaignId: number, at: Date) => ({ startAfter: at, singletonKey: String(campaignId) });

/** In the caller's transaction (the save that made it PROGRAMADA): the start at scheduledAt. */
export function enqueueStart(t: EventTransaction, data: Payload, scheduledAt: Date): Promise<void> {
  return t.enqueue(startCampaign, data, startOptions(data.campaignId, scheduledAt));
}

function startLater(ctx: Context, data: Payload, at: Date): Promise<void> {
  return ctx.jobs.send(startCampaign, data, undefined, startOptions(data.campaignId, at));
}

/** Whether the list's unchecked numbers can still be checked: the company's default connection runs. */
async function checksCanProgress(ctx: Context, companyId: number): Promise<boolean> {
  const connection = await ctx.db.query.whatsapps.findFirst({
    where: and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)),
    orderBy: desc(whatsapps.id),
    columns: { id: true },
  });
  return connection !== undefined && ctx.channels.sender(connection.id) !== undefined;
}

async function runStart(ctx: Context, data: Payload): Promise<void> {
  const campaign = await ctx.db.query.campaigns.findFirst({
    where: and(eq(campaigns.id, data.campaignId), eq(campaigns.companyId, data.companyId)),
  });
  if (!campaign || campaign.status !== "PROGRAMADA" || campaign.scheduledAt === null) return;
  const at = campaign.scheduledAt.getTime();
  // Moved later while this job waited: the new time gets its own job.
  if (at > Date.now()) return startLater(ctx, data, campaign.scheduledAt);
  if (Date.now() < at + checksWaitMs && (await waitsForChecks(ctx, campaign)))
    return startLater(ctx, data, new Date(Date.now() + checksPollMs));
  await start(ctx, data);
}

async function waitsForChecks(ctx: Context, campaign: Campaign): Promise<boolean> {
  return (await uncheckedCount(ctx.db, campaign)) > 0 && checksCanProgress(ctx, campaign.companyId);
}

/** PROGRAMADA → EM_ANDAMENTO with its rows, or FINALIZADA with nobody to send to; one commit. */
async function start(ctx: Context, data: Payload): Promise<void> {
  await ctx.events.transaction(async (t) => {
    const [locked] = await t.db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, data.campaignId), eq(campaigns.status, "PROGRAMADA")))
      .for("update");
    if (!locked) return;
    await buildShipping(t.db, locked, await campaignSettings(t.db, data.companyId));
    const toSend = await hasPending(t.db, data.campaignId);
    await t.db
      .update(campaigns)
      .set(
        toSend
          ? { status: "EM_ANDAMENTO", sentCount: 0, lastSendAt: null, updatedAt: new Date() }
          : { status: "FINALIZADA", completedAt: new Date(), updatedAt: new Date() },
      )
      .where(eq(campaigns.id, data.campaignId));
    if (toSend) await enqueueDispatch(t, data);
    t.record("campaign.updated", data);
  });
}
