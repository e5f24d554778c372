/**
 * Nothing is sent on behalf of a company switched off or past its due date
 * (issue 29 item 6), and nothing it had due is lost. A job whose definition
 * names its company (`companyOf`) is looked at before it runs: while the
 * company may not work, the job is kept in paused_jobs (payload and
 * singletonKey) and completed, neither run nor failed nor retried into
 * exhaustion. A handler that finds the company stopped mid-way (a long
 * campaign run, each automatic message before it goes: assertCompanyWorks)
 * throws CompanyPaused and is kept the same way; handlers are idempotent,
 * so the run again does only what is left. When the company works again
 * (switched on, paid, its due date moved: company-state.job.ts), its kept
 * jobs are queued again, in the order they were kept.
 *
 * Race-free by the company row: keeping a job takes the row FOR SHARE and
 * looks again, and whatever lets the company work again updates that row.
 * Either the keep commits first (and the resume finds it) or it sees the
 * company working (and queues the job now).
 */
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Context } from "../context.js";
import type { Db, Tx } from "../db/client.js";
import { companies, messageSends, pausedJobs } from "../db/schema/index.js";
import type { EventTransaction } from "../events/bus.js";
import { mayWork } from "../modules/companies/subscription.js";
import { keptSend } from "../modules/messages/send-queue.js";
import type { JobDefinition } from "./jobs.js";

/** Thrown by a handler that finds its company may not work now: its job is kept for later. */
export class CompanyPaused extends Error {
  constructor(readonly companyId: number) {
    super(`company ${companyId} is switched off or expired`);
  }
}

/** Whether the company may work now; undefined when it is gone (`lock`: its row held FOR SHARE). */
async function stateOf(db: Db | Tx, companyId: number, lock = false): Promise<boolean | undefined> {
  const query = db
    .select({ id: companies.id, status: companies.status, dueDate: companies.dueDate })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [row] = lock ? await query.for("share") : await query;
  return row && mayWork(row);
}

/** Whether the company may work now (a company that is gone: no). */
export async function companyWorks(db: Db | Tx, companyId: number, lock = false): Promise<boolean> {
  return (await stateOf(db, companyId, lock)) === true;
}

export async function assertCompanyWorks(db: Db | Tx, companyId: number): Promise<void> {
  if (!(await companyWorks(db, companyId))) throw new CompanyPaused(companyId);
}

/**
 * Runs one job's handler unless its company may not work; a job of a paused company (before or during
 * its run) is kept in paused_jobs instead. What every worker (and the tests' runQueuedJobs) calls.
 */
export async function runJob<T>(ctx: Context, job: JobDefinition<T>, data: T, singletonKey?: string | null) {
  const companyId = job.companyOf ? await job.companyOf(ctx, data) : undefined;
  if (companyId !== undefined && !(await companyWorks(ctx.db, companyId)))
    return keep(ctx, job, data, companyId, singletonKey);
  try {
    await job.run(ctx, data);
  } catch (err) {
    if (!(err instanceof CompanyPaused)) throw err;
    await keep(ctx, job, data, err.companyId, singletonKey);
  }
}

/**
 * Queued again to run now, under its singletonKey: a job of the same key waiting for later (a timer armed
 * again meanwhile) is brought forward instead, and its handler looks at the time again.
 */
const againNow = (singletonKey?: string | null) => ({
  startAfter: new Date(),
  ...(singletonKey ? { singletonKey } : {}),
});

async function keep<T>(
  ctx: Context,
  job: JobDefinition<T>,
  data: T,
  companyId: number,
  singletonKey?: string | null,
): Promise<void> {
  const kept = await ctx.events.transaction(async (t) => {
    const works = await stateOf(t.db, companyId, true);
    // Deleted: nothing is left to do for it (its rows went with it).
    if (works === undefined) return false;
    if (works) {
      // Switched on meanwhile: the job goes again now instead.
      await t.enqueue(job, data, againNow(singletonKey));
      return false;
    }
    await t.db.insert(pausedJobs).values({ companyId, name: job.name, data, singletonKey: singletonKey ?? null });
    return true;
  });
  if (kept) ctx.log.info({ companyId, job: job.name }, "job kept while its company is switched off or expired");
}

/**
 * Queues again, in `t` (which holds the company row), every job kept for the company, in the order kept;
 * answers how many. Jobs of kinds this build no longer knows are dropped with a warning.
 */
export async function requeuePausedJobs(
  ctx: Context,
  t: EventTransaction,
  companyId: number,
  definitionOf: (name: string) => JobDefinition<never> | undefined,
): Promise<number> {
  const rows = await t.db
    .delete(pausedJobs)
    .where(eq(pausedJobs.companyId, companyId))
    .returning()
    .then((kept) => kept.sort((a, b) => a.id - b.id));
  for (const row of rows) {
    const job = definitionOf(row.name);
    if (!job) ctx.log.warn({ companyId, job: row.name }, "kept job of an unknown kind dropped");
    else await t.enqueue(job, row.data as never, againNow(row.singletonKey));
  }
  return rows.length;
}

/** Jobs kept for the company, oldest first. */
export function pausedJobsOf(db: Db, companyId: number) {
  return db.select().from(pausedJobs).where(eq(pausedJobs.companyId, companyId)).orderBy(asc(pausedJobs.id));
}

/**
 * How many jobs and automatic messages (the send sweep's outbox: modules/messages/send-sweep.ts) each of
 * these companies has kept while it could not work (the super user's companies list shows it).
 */
export async function pausedWorkOf(db: Db, companyIds: number[]): Promise<Map<number, number>> {
  if (!companyIds.length) return new Map();
  const [jobs, sends] = await Promise.all([
    db
      .select({ companyId: pausedJobs.companyId, kept: count() })
      .from(pausedJobs)
      .where(inArray(pausedJobs.companyId, companyIds))
      .groupBy(pausedJobs.companyId),
    db
      .select({ companyId: messageSends.companyId, kept: count() })
      .from(messageSends)
      .where(and(inArray(messageSends.companyId, companyIds), eq(messageSends.notBefore, keptSend)))
      .groupBy(messageSends.companyId),
  ]);
  const kept = new Map<number, number>();
  for (const r of [...jobs, ...sends]) kept.set(r.companyId, (kept.get(r.companyId) ?? 0) + r.kept);
  return kept;
}
