/**
 * A running campaign's sends (SERVER-BEHAVIOUR "Campaigns"), one durable job
 * per campaign: queue policy "short" with the campaign's id as singletonKey
 * keeps one waiting, and an advisory lock held for the run keeps two runs
 * from sending one campaign at once (the second re-queues itself a little
 * later; a dead process's lock goes with its connection). A process works
 * a few campaigns at once.
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
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { z } from "zod";
import type { ChannelSender } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import { campaigns } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";
import type { JobDefinition } from "../../jobs/jobs.js";
import { assertCompanyWorks } from "../../jobs/paused-jobs.js";
import { campaignSettings } from "../campaign-settings/campaign-settings.js";
import { nextSendAt, type Pace } from "./campaign-pace.js";
import { loadAttachments, providerWords, sendMain, sendText, type Attachments } from "./campaign-send.js";
import {
  claimNext,
  failPending,
  finishIfDone,
  hasPending,
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
  // Runs wait between sends: one campaign's pace never holds up another's.
  concurrency: 4,
  companyOf: (_ctx, data) => data.companyId,
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

/**
 * Runs `work` holding the campaign's advisory lock on a connection of its own
 * (not the pool's: a run waits between sends, and several campaigns run at
 * once); false when another run holds it. A process that dies lets it go
 * with its connection.
 */
async function whileLocked(ctx: Context, campaignId: number, work: () => Promise<void>): Promise<boolean> {
  const client = new pg.Client({ connectionString: ctx.database.url });
  // A connection the database ends meanwhile (a restart) fails the run's next statement instead.
  client.on("error", (err) => ctx.log.warn({ err, campaignId }, "campaign lock connection lost"));
  await client.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1, $2) as ok", [
      LOCK_SPACE,
      campaignId,
    ]);
    if (!rows[0]?.ok) return false;
    await work();
    return true;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function dispatch(ctx: Context, data: Payload): Promise<void> {
  const ran = await whileLocked(ctx, data.campaignId, () => new Run(ctx, data, stopSignal(ctx)).go());
  if (!ran) await dispatchLater(ctx, data, busyRetryMs);
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
        // Nothing left to send: finish now rather than after the wait.
        if (!(await hasPending(ctx.db, data.campaignId)))
          return void (await finishIfDone(ctx, data.companyId, data.campaignId));
        if (wait > sleepMaxMs || wait > this.timeLeft()) return dispatchLater(ctx, data, wait - wakeEarlyMs);
        await sleep(wait, undefined, { signal: this.stop }).catch(() => undefined);
        continue;
      }
      if (this.timeLeft() <= 0) return dispatchLater(ctx, data);
      // Switched off or expired mid-run: the run is kept (paused-jobs.ts) and goes on when it works again.
      await assertCompanyWorks(ctx.db, data.companyId);
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
        const sent = await sendText(sender, row.number, row.confirmationMessage);
        return { kind: "awaiting", wid: sent.wid };
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
