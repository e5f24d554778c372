/**
 * A delivery's attempts as durable jobs (issue 17 item 6). Each attempt is one
 * run of `deliver-webhook`: it POSTs the stored body (attempt.ts), then, in
 * one commit, records the outcome on the delivery row and, when it failed
 * and WEBHOOK_RETRY_DELAYS has a delay left, queues the next attempt
 * `startAfter` that delay (retry-schedule.ts); after the last, `failed`.
 *
 * Nothing is lost across a crash: a waiting retry is a pg-boss job in the
 * database, run when due by whichever process is up; an attempt cut off
 * mid-call (its process killed) outlives its time limit (expireInSeconds) and
 * pg-boss hands it out again (within JOB_RECOVERY_SECONDS), to the same
 * delivery with the same deliveryId and body. At least once: the receiver may
 * see a deliveryId twice (an answer lost with its process) and should dedupe
 * on it. One waiting attempt per delivery (policy "short", singletonKey the
 * deliveryId): a resend while one waits brings it forward instead.
 */
import { z } from "zod";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { integrationDeliveries, queueIntegrations } from "../../db/schema/index.js";
import type { JobDefinition } from "../../jobs/jobs.js";
import { decryptSecret } from "../../secrets/index.js";
import { attemptDelivery, deliveryTimeoutMs, type AttemptOutcome } from "./attempt.js";
import { nextRetry } from "./retry-schedule.js";

const payload = z.object({
  companyId: z.number().int().positive(),
  deliveryId: z.uuid(),
  /** How many retries came before this attempt (0: the first attempt, or the first after a resend). */
  retry: z.number().int().min(0),
});
type Payload = z.infer<typeof payload>;

/** The types that deliver to urlN8N. */
const webhookTypes = new Set(["n8n", "webhook"]);

export const deliverWebhook: JobDefinition<Payload> = {
  name: "deliver-webhook",
  payload,
  // A run is one call of at most 10 s and two statements: one cut off by a crash is handed out again 20 s on.
  policy: {
    policy: "short",
    retryLimit: 5,
    retryDelay: 1,
    retryBackoff: true,
    expireInSeconds: deliveryTimeoutMs / 1000 + 10,
  },
  // Receivers answer slowly (an n8n workflow runs before it answers): a few at once per process.
  concurrency: 4,
  companyOf: (_ctx, data) => data.companyId,
  run: attempt,
};

async function target(ctx: Context, { companyId, deliveryId }: Payload) {
  const [row] = await ctx.db
    .select({
      id: integrationDeliveries.id,
      event: integrationDeliveries.event,
      body: integrationDeliveries.body,
      status: integrationDeliveries.status,
      type: queueIntegrations.type,
      url: queueIntegrations.urlN8N,
      secret: queueIntegrations.signingSecret,
    })
    .from(integrationDeliveries)
    .innerJoin(queueIntegrations, eq(queueIntegrations.id, integrationDeliveries.integrationId))
    .where(and(eq(integrationDeliveries.id, deliveryId), eq(integrationDeliveries.companyId, companyId)));
  return row;
}

function secretOf(stored: string): string | undefined {
  try {
    return decryptSecret(stored);
  } catch {
    return undefined;
  }
}

async function attempt(ctx: Context, data: Payload): Promise<void> {
  const delivery = await target(ctx, data);
  // Gone with its integration, or delivered meanwhile (a run repeated after a crash): nothing to do. A failed
  // one is tried all the same: its run is a resend's (which an older series' last attempt may have failed
  // meanwhile), or the last attempt's repeated after a crash (at least once).
  if (!delivery || delivery.status === "delivered") return;
  const secret = secretOf(delivery.secret);
  let outcome: AttemptOutcome;
  if (!webhookTypes.has(delivery.type))
    outcome = { delivered: false, statusCode: null, error: `the integration is now of type ${delivery.type}` };
  else if (secret === undefined)
    outcome = { delivered: false, statusCode: null, error: "the signing secret cannot be read (SECRETS_KEY changed?)" };
  else outcome = await attemptDelivery(delivery.url, delivery, secret);
  await record(ctx, data, outcome);
}

async function record(ctx: Context, data: Payload, outcome: AttemptOutcome): Promise<void> {
  const now = new Date();
  const next = outcome.delivered ? undefined : nextRetry(ctx.config.WEBHOOK_RETRY_DELAYS, data.retry, now);
  await ctx.events.transaction(async (t) => {
    const [row] = await t.db
      .select({ attempts: integrationDeliveries.attempts })
      .from(integrationDeliveries)
      .where(eq(integrationDeliveries.id, data.deliveryId))
      .for("update");
    if (!row) return;
    const counted = { attempts: row.attempts + 1, lastStatusCode: outcome.statusCode };
    if (outcome.delivered) {
      await t.db
        .update(integrationDeliveries)
        .set({ ...counted, status: "delivered", lastError: null, deliveredAt: now, nextAttemptAt: null })
        .where(eq(integrationDeliveries.id, data.deliveryId));
      return;
    }
    await t.db
      .update(integrationDeliveries)
      .set({
        ...counted,
        lastError: outcome.error,
        status: next ? "pending" : "failed",
        nextAttemptAt: next?.at ?? null,
      })
      .where(eq(integrationDeliveries.id, data.deliveryId));
    if (next)
      await t.enqueue(
        deliverWebhook,
        { ...data, retry: next.retry },
        { startAfter: next.at, singletonKey: data.deliveryId },
      );
  });
}
