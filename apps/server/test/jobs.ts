/**
 * Runs queued jobs now, in the test: each is really taken from pg-boss
 * (fetch), run by its definition's handler, and completed (or failed, so
 * pg-boss retries it as in production). No mock: what a worker would do,
 * without waiting for its polling. Use on jobs no worker takes (a test-only
 * definition registered with `s.ctx.jobs.register`, or a server started with
 * `workJobs: false`), else a worker may take a job first.
 */
import { jobDefinitions, sweepDefinitions } from "../src/jobs/registry.js";
import type { JobDefinition } from "../src/jobs/jobs.js";
import type { SweepDefinition } from "../src/jobs/sweeps.js";
import { runJob } from "../src/jobs/paused-jobs.js";
import type { TestServer } from "./harness.js";

/** Resolves with how many jobs ran (and, with the default definitions, what the sweeps found). */
export async function runQueuedJobs(
  s: TestServer,
  definitions: readonly JobDefinition<never>[] = jobDefinitions,
): Promise<number> {
  const boss = s.ctx.jobs.boss;
  const sweeps = definitions === jobDefinitions ? sweepDefinitions.map((make) => make()) : [];
  let ran = await runSweeps(s, sweeps);
  for (const job of definitions) {
    for (;;) {
      const batch = await boss.fetch<unknown>(job.name, { batchSize: 20, includeMetadata: true });
      if (!batch.length) break;
      for (const entry of batch) {
        try {
          await runJob(s.ctx, job, job.payload.parse(entry.data), entry.singletonKey);
          await boss.complete(job.name, entry.id);
        } catch (err) {
          await boss.fail(job.name, entry.id, { message: String(err) });
        }
        ran++;
      }
    }
  }
  // What the jobs stored to send (the send sweep's outbox) goes too.
  return ran + (await runSweeps(s, sweeps));
}

/** Runs the sweeps until they find nothing; what they found. */
export async function runSweeps(
  s: TestServer,
  sweeps: readonly SweepDefinition[] = sweepDefinitions.map((make) => make()),
): Promise<number> {
  let ran = 0;
  for (const sweep of sweeps)
    for (let found = await sweep.run(s.ctx); found > 0; found = await sweep.run(s.ctx)) ran += found;
  return ran;
}

/** Jobs of a queue waiting to run (created or retry), as pg-boss keeps them. */
export async function queuedJobs(s: TestServer, name: string): Promise<unknown[]> {
  const { rows } = await s.ctx.database.raw.query<{ data: unknown }>(
    "select data from pgboss.job where name = $1 and state in ('created', 'retry') order by created_on",
    [name],
  );
  return rows.map((r) => r.data);
}
