/**
 * Durable jobs on pg-boss, on the same database as the data, by its connection string.
 * The server registers every definition of jobs/registry.ts at start; a job is
 * sent either on its own (`send(job, data)`) or, as a durable event subscriber,
 * inside the transaction that recorded the event (`send(job, data, raw)`,
 * events/bus.ts). Tests run queued jobs now with test/jobs.ts `runQueuedJobs`.
 */
import { createHash } from "node:crypto";
import PgBoss from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Context } from "../context.js";
import type { Database, RawSql } from "../db/client.js";
import { backstopSeconds, watchDueJobs } from "./due-jobs.js";
import { createForeground, type Foreground } from "./foreground.js";
import { runJob } from "./paused-jobs.js";
import { createSweeper, sweepPollMs, type SweepDefinition } from "./sweeps.js";

/**
 * One kind of job (DESIGN §2 "Jobs"), one per file: its queue, a payload of
 * ids, how often and how far apart a failed run is tried again, how long one
 * run may take (its work, in seconds: a run whose process died is picked up
 * again soon after a restart), and the handler. Handlers are idempotent: a
 * job may run twice (a retry after a timeout), and one whose rows are gone
 * ends quietly.
 */
export interface JobDefinition<T> {
  name: string;
  payload: z.ZodType<T>;
  /** `policy: "short"`: at most one job per singletonKey waits to start (see Jobs.send). */
  policy: Required<Pick<PgBoss.Queue, "retryLimit" | "retryDelay" | "retryBackoff" | "expireInSeconds">> &
    Pick<PgBoss.Queue, "policy">;
  /** How many runs of this queue one process works at once (default 1): for runs that wait in between. */
  concurrency?: number;
  /**
   * Several waiting jobs taken by one fetch (default: one): `size` of them, run one after the other in
   * `order`'s order (ascending), with one fetch and one completion for them all behind a burst. Only for
   * quick runs: the batch shares one run's time limit. A run that fails is failed alone (and retried);
   * the others complete. pg-boss hands a batch over unordered, and the jobs' creation times it gives are
   * to the millisecond, so jobs queued within one would tie: the order comes from the payload.
   */
  batch?: { size: number; order(data: T): number };
  /**
   * Waits while this process does foreground work (jobs.foreground: customers' messages being stored), up
   * to `foregroundWaitMs` a fetch: for what may follow a burst a little late (a bot's answer), never for
   * what a person is waiting on (an agent's message).
   */
  givesWay?: true;
  /**
   * A periodic job: pg-boss queues it (with an empty payload) on this cron
   * schedule, in UTC, kept in the database, whichever process is up.
   */
  cron?: string;
  /**
   * The company the job works for, when it sends (or calls out) on its behalf: while that company is
   * switched off or expired the job is kept, not run (paused-jobs.ts). Undefined: the job always runs.
   */
  companyOf?(ctx: Context, data: T): number | undefined | Promise<number | undefined>;
  /** A run's time limit for this payload, when it grows with it (over policy.expireInSeconds). */
  expireFor?(data: T): number;
  run(ctx: Context, data: T): Promise<void>;
}

/** The payload of a periodic (cron) job: nothing, it looks at what there is. */
export const emptyPayload = z.object({});
export type EmptyPayload = z.infer<typeof emptyPayload>;

export interface Jobs {
  boss: PgBoss;
  /** The work jobs with `givesWay` wait for (ingest stores each message in it: messages/ingest.ts). */
  foreground: Foreground;
  /** Creates the job's queue (idempotent): before anything sends one. */
  register<T>(job: JobDefinition<T>): Promise<void>;
  /** A registered job's definition by its queue's name (kept jobs are queued again by it). */
  definition(name: string): JobDefinition<never> | undefined;
  /** Registers the job and runs its handler in this process. */
  work<T>(ctx: Context, job: JobDefinition<T>): Promise<void>;
  /** Runs a sweep (sweeps.ts: work marked on the data's own rows) in this process. */
  sweep(ctx: Context, sweep: SweepDefinition): void;
  /**
   * `raw`: a transaction's connection (rawOf), so the job exists only if that transaction commits.
   * `options.startAfter`: not run before then. `options.singletonKey` on a "short" queue: one job per
   * key waits; sending again keeps the waiting one and only brings its start forward to the earlier
   * of the two times (a job that runs early is the handler's to re-check).
   */
  send<T>(job: JobDefinition<T>, data: T, raw?: RawSql, options?: SendOptions): Promise<void>;
  /**
   * Wakes this process's worker of the queue (or the sweep of that name) at once instead of at its next
   * poll (a customer waiting for the bot's answer should not wait 2 s); the job must be committed.
   * Other processes' workers find it at their poll.
   */
  wake(name: string): void;
  stop(): Promise<void>;
}

export interface SendOptions {
  startAfter?: Date;
  singletonKey?: string;
}

/**
 * pg-boss' job insert as a prepared statement, named after its text: it runs in the transaction of every
 * message a bot may answer, and PostgreSQL spent more time parsing and planning it than inserting.
 */
const preparedNames = new Map<string, string>();
function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (!name) preparedNames.set(text, (name = `pgboss_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`));
  return name;
}

/** The key's waiting job (pg-boss keeps one per key in state "created" on a short queue) starts no later than $3. */
const bringForward = `
  update pgboss.job set start_after = $3
  where name = $1 and singleton_key = $2 and state = 'created' and start_after > $3`;

/** The longest a `givesWay` job's fetch waits for foreground work: under a load that never ends, it still runs. */
export const foregroundWaitMs = 5000;

/**
 * pg-boss completes a batch whole once its handler returns, and only the jobs still active: one that
 * failed here was failed first, so it is retried as if it had run alone.
 */
async function runBatch<T>(
  boss: PgBoss,
  ctx: Context,
  job: JobDefinition<T>,
  batch: NonNullable<JobDefinition<T>["batch"]>,
  entries: PgBoss.JobWithMetadata<unknown>[],
) {
  const fail = (id: string, err: unknown) =>
    boss.fail(job.name, id, { message: err instanceof Error ? err.message : String(err) });
  const runs: { id: string; data: T; singletonKey: string | null }[] = [];
  for (const entry of entries) {
    const parsed = job.payload.safeParse(entry.data);
    if (parsed.success) runs.push({ id: entry.id, data: parsed.data, singletonKey: entry.singletonKey });
    else await fail(entry.id, parsed.error);
  }
  runs.sort((a, b) => batch.order(a.data) - batch.order(b.data));
  for (const run of runs) await runJob(ctx, job, run.data, run.singletonKey).catch((err: unknown) => fail(run.id, err));
}

export async function startJobs(
  database: Database,
  log: FastifyBaseLogger,
  options: { recoverySeconds: number },
): Promise<Jobs> {
  // pg-boss keeps its own pool: once stopped, it skips what a run still in flight asks of it (a run is not
  // awaited at stop) instead of failing on an ended pool.
  const boss = new PgBoss({
    connectionString: database.url,
    max: 4,
    maintenanceIntervalSeconds: options.recoverySeconds,
  });
  boss.on("error", (err: unknown) => log.error({ err }, "job queue error"));
  await boss.start();
  const definitions = new Map<string, JobDefinition<never>>();
  const register = async <T>(job: JobDefinition<T>) => {
    definitions.set(job.name, job as JobDefinition<never>);
    await boss.createQueue(job.name, { name: job.name, ...job.policy });
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: "UTC" });
  };
  const workers = new Map<string, string[]>();
  const notify = (name: string) => {
    for (const workerId of workers.get(name) ?? []) boss.notifyWorker(workerId);
  };
  const due = watchDueJobs(database.raw, notify, log);
  const foreground = createForeground();
  const sweeper = createSweeper(foreground, log, { pollMs: sweepPollMs, foregroundWaitMs });
  return {
    boss,
    foreground,
    register,
    definition: (name) => definitions.get(name),
    async work(ctx, job) {
      await register(job);
      const ids: string[] = [];
      for (let i = 0; i < (job.concurrency ?? 1); i++) {
        const { batch } = job;
        // The metadata carries the singletonKey a kept job (paused-jobs.ts) is queued again with.
        // Woken when a job is due (due-jobs.ts): its own poll is only a backstop.
        const options = {
          batchSize: batch?.size ?? 1,
          includeMetadata: true as const,
          pollingIntervalSeconds: backstopSeconds,
        };
        const workerId: string = await boss.work<unknown>(job.name, options, async (entries) => {
          if (!entries.length) return;
          if (job.givesWay) await foreground.quiet(foregroundWaitMs);
          // pg-boss takes one fetch per poll and then sleeps out the polling interval unless woken: a backlog
          // (after a restart, behind a burst, a job queued by another process) would drain at one fetch per
          // 2 s. A worker that found work looks for more at once.
          boss.notifyWorker(workerId);
          const [first] = entries;
          if (!batch) return runJob(ctx, job, job.payload.parse(first!.data), first!.singletonKey);
          await runBatch(boss, ctx, job, batch, entries);
        });
        ids.push(workerId);
      }
      workers.set(job.name, ids);
    },
    async send(job, data, raw, options = {}) {
      const run = raw ?? database.raw;
      const db = { executeSql: (text: string, values: unknown[]) => run.query(text, values, preparedName(text)) };
      const { policy: _queuePolicy, ...retries } = job.policy;
      const expireInSeconds = job.expireFor?.(data) ?? retries.expireInSeconds;
      const id = await boss.send(job.name, job.payload.parse(data) as object, {
        ...retries,
        expireInSeconds,
        ...options,
        db,
      });
      const { singletonKey, startAfter } = options;
      if (id === null && singletonKey && startAfter)
        await run.query(bringForward, [job.name, singletonKey, startAfter]);
    },
    sweep: (ctx, sweep) => sweeper.start(ctx, sweep),
    wake(name) {
      notify(name);
      sweeper.wake(name);
    },
    async stop() {
      await due.stop();
      await sweeper.stop();
      await boss.stop({ graceful: false, wait: true });
    },
  };
}
