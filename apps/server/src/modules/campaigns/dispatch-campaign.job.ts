/**
 * A running campaign's sends (SERVER-BEHAVIOUR "Campaigns"), one durable job
 * per campaign: queue policy "short" with the campaign's id as singletonKey
 * keeps one waiting, and a transaction-level advisory lock held for the run
 * keeps two runs from sending one campaign at once (the second re-queues
 * itself a little later; a dead process's lock goes with its connection).
 *
 * A run loops while the campaign is EM_ANDAMENTO (a cancel, a delete or
 * FINALIZADA stops it before its next claim): rows left in flight by a run
 * that died become `unknown`; then, at the pace's time (campaign-pace.ts,
 * state on the campaign row), the next pending row is claimed in its own
 * commit (shipping-steps.ts), handed to the connection's driver, and its
 * outcome recorded in another: delivered with the wid, failed with the
 * provider's words (a refusal never stops the campaign), or, for a
 * confirmation campaign, awaiting the reply (campaign-reply.job.ts sends the
 * main message then). A wait of up to 20 s is slept here when the run's time
 * allows; a longer one re-queues the job shortly before it is due. Progress
 * goes out as campaign.updated at most once per campaignLimits.progressEveryMs.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { campaignLimits } from "@balcao/contracts";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { rowsOf } from "../../db/rows.js";
import type { ChannelSender } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import { campaigns } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";
import type { JobDefinition } from "../../jobs/jobs.js";
import { campaignSettings } from "../campaign-settings/campaign-settings.js";
import { nextSendAt, type Pace } from "./campaign-pace.js";
import { loadAttachments, providerWords, sendMain, sendText, type Attachments } from "./campaign-send.js";
import {
  claimNext,
  failPending,
  finishIfDone,
  recordOutcome,
  settleInterrupted,
  type ClaimedRow,
  type Outcome,
} from "./shipping-steps.js";

const payload = z.object({ companyId: z.number().int().positive(), campaignId: z.number().int().positive() });
type Payload = z.infer<typeof payload>;
type Campaign = typeof campaigns.$inferSelect;

/** A run's sending time; it re-queues itself past it, well inside expireInSeconds. */
const runBudgetMs = 30_000;
/** Waits up to this long are slept in the run; longer ones re-queue it. */
const sleepMaxMs = 20_000;
/** A re-queued run starts this much before the send is due (pg-boss polls every 2 s) and sleeps the rest. */
const wakeEarlyMs = 3_000;
/** How often a campaign whose connection is not running looks again. */
const connectionRetryMs = 15_000;
/** Another run holds the lock: look again this much later (it may be just ending). */
const busyRetryMs = 5_000;
/** Advisory lock space of campaign runs (channels/lease.ts uses 0x0bac). */
const LOCK_SPACE = 0x0cab;

export const dispatchCampaign: JobDefinition<Payload> = {
  name: "dispatch-campaign",
  payload,
  // A run whose process died is taken again once its time is up (and finds its claimed row, left unknown).
  policy: { policy: "short", retryLimit: 20, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  run: dispatch,
};

/** The campaign's next run, as its one waiting job (an earlier start already asked for is kept). */
export function dispatchLater(ctx: Context, data: Payload, ms = 0): Promise<void> {
  return ctx.jobs.send(dispatchCampaign, data, undefined, {
    startAfter: new Date(Date.now() + ms),
    singletonKey: String(data.campaignId),
  });
}

/** The campaign's dispatch, queued with the commit that makes it EM_ANDAMENTO. */
export function enqueueDispatch(t: EventTransaction, data: Payload): Promise<void> {
  return t.enqueue(dispatchCampaign, data, { startAfter: new Date(), singletonKey: String(data.campaignId) });
}

/** Aborted when this process's job queue stops: a run asleep ends instead of sending after the stop. */
const stopSignals = new WeakMap<Context, AbortSignal>();
function stopSignal(ctx: Context): AbortSignal {
  let signal = stopSignals.get(ctx);
  if (!signal) {
    const controller = new AbortController();
    ctx.jobs.boss.once("stopped", () => controller.abort());
    signal = controller.signal;
    stopSignals.set(ctx, signal);
  }
  return signal;
}

async function dispatch(ctx: Context, data: Payload): Promise<void> {
  await ctx.db.transaction(async (lock) => {
    const rows = await rowsOf<{ ok: boolean }>(
      lock,
      sql`select pg_try_advisory_xact_lock(${LOCK_SPACE}, ${data.campaignId}) as ok`,
    );
    if (!rows[0]?.ok) return dispatchLater(ctx, data, busyRetryMs);
    await new Run(ctx, data, stopSignal(ctx)).go();
  });
}

const running = (ctx: Context, { companyId, campaignId }: Payload) =>
  ctx.db.query.campaigns.findFirst({
    where: and(eq(campaigns.id, campaignId), eq(campaigns.companyId, companyId), eq(campaigns.status, "EM_ANDAMENTO")),
  });

class Run {
  private readonly started = Date.now();
  private lastProgress = 0;
  /** An outcome not published yet (progress is throttled). */
  private unpublished = false;

  constructor(
    private readonly ctx: Context,
    private readonly data: Payload,
    private readonly stop: AbortSignal,
  ) {}

  async go(): Promise<void> {
    const { ctx, data } = this;
    const campaign = await running(ctx, data);
    if (!campaign) return;
    await settleInterrupted(ctx, data.campaignId);
    if (campaign.whatsappId === null) {
      // The connection was deleted: nothing can go; the report shows why.
      await failPending(ctx, data.campaignId, "ERR_CAMPAIGN_NO_CONNECTION");
      return void (await finishIfDone(ctx, data.companyId, data.campaignId));
    }
    const pace = await campaignSettings(ctx, data.companyId);
    const attachments = await loadAttachments(ctx, campaign);
    try {
      await this.loop(campaign.whatsappId, pace, attachments);
    } finally {
      if (this.unpublished) await this.publish();
    }
  }

  private async loop(whatsappId: number, pace: Pace, attachments: Attachments): Promise<void> {
    const { ctx, data } = this;
    while (!this.stop.aborted) {
      const current = await running(ctx, data);
      if (!current) return;
      const wait = nextSendAt(pace, current).getTime() - Date.now();
      if (wait > 0) {
        if (wait > sleepMaxMs || wait > this.timeLeft()) return dispatchLater(ctx, data, wait - wakeEarlyMs);
        await sleep(wait, undefined, { signal: this.stop }).catch(() => undefined);
        continue;
      }
      if (this.timeLeft() <= 0) return dispatchLater(ctx, data);
      const sender = ctx.channels.sender(whatsappId);
      if (!sender) return dispatchLater(ctx, data, connectionRetryMs);
      const row = await claimNext(ctx, data.campaignId);
      if (!row) return void (await finishIfDone(ctx, data.companyId, data.campaignId));
      const outcome = await this.send(sender, current, row, attachments);
      await this.record(row.id, outcome);
    }
  }

  private timeLeft = () => this.started + runBudgetMs - Date.now();

  /** The confirmation text for a confirmation campaign, else the message with its media and files. */
  private async send(sender: ChannelSender, campaign: Campaign, row: ClaimedRow, files: Attachments): Promise<Outcome> {
    try {
      if (campaign.confirmation && row.confirmationMessage) {
        await sendText(sender, row.number, row.confirmationMessage);
        return { kind: "awaiting" };
      }
      const sent = await sendMain(sender, row.number, row.message, files);
      return { kind: "delivered", wid: sent.wid, ...(sent.fileError ? { error: sent.fileError } : {}) };
    } catch (err) {
      this.ctx.log.warn({ err, campaignId: campaign.id, shippingId: row.id }, "campaign send refused");
      return { kind: "failed", error: providerWords(err) };
    }
  }

  private async record(rowId: number, outcome: Outcome): Promise<void> {
    const due = Date.now() - this.lastProgress >= campaignLimits.progressEveryMs;
    await this.ctx.events.transaction(async (t) => {
      await recordOutcome(t, rowId, "sending", outcome);
      if (due) t.record("campaign.updated", { companyId: this.data.companyId, campaignId: this.data.campaignId });
    });
    if (due) this.lastProgress = Date.now();
    this.unpublished = !due;
  }

  private publish(): Promise<void> {
    return this.ctx.events.transaction(async (t) => {
      t.record("campaign.updated", { companyId: this.data.companyId, campaignId: this.data.campaignId });
    });
  }
}
