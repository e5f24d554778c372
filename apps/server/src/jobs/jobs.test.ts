/**
 * A queue's backlog drains as fast as its jobs run: jobs waiting when the
 * worker starts, or queued where nothing wakes this process's worker (another
 * process, a restart), are not taken one per polling interval. A queue that
 * takes its jobs in batches runs them in their order and fails only the one
 * that failed. One that gives way waits while a customer's message is
 * being stored.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { JobDefinition } from "./jobs.js";
import type { TestServer } from "../../test/harness.js";
import { serverPerFile } from "../../test/server-per-file.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const ran: number[] = [];
const countRuns: JobDefinition<{ n: number }> = {
  name: "test-count-runs",
  payload: z.object({ n: z.number().int() }),
  policy: { retryLimit: 0, retryDelay: 1, retryBackoff: false, expireInSeconds: 30 },
  run: async (_ctx, { n }) => void ran.push(n),
};

/** Fails n = 3 on its first run only: the retry succeeds. */
const batchRuns: number[] = [];
let failedOnce = false;
const batched: JobDefinition<{ n: number }> = {
  name: "test-batched-runs",
  payload: z.object({ n: z.number().int() }),
  policy: { retryLimit: 2, retryDelay: 1, retryBackoff: false, expireInSeconds: 30 },
  batch: { size: 5, order: ({ n }) => n },
  run: async (_ctx, { n }) => {
    if (n === 3 && !failedOnce) {
      failedOnce = true;
      throw new Error("the third one fails once");
    }
    batchRuns.push(n);
  },
};

const politeRuns: number[] = [];
const polite: JobDefinition<{ n: number }> = {
  name: "test-gives-way",
  payload: z.object({ n: z.number().int() }),
  policy: { retryLimit: 0, retryDelay: 1, retryBackoff: false, expireInSeconds: 30 },
  givesWay: true,
  run: async (_ctx, { n }) => void politeRuns.push(n),
};

const states = async (name: string) => {
  const { rows } = await s.ctx.database.raw.query<{ n: number; state: string; retry_count: number }>(
    "select (data->>'n')::int as n, state, retry_count from pgboss.job where name = $1 order by 1",
    [name],
  );
  return rows;
};

describe("job workers", () => {
  it("take a backlog of jobs one after another, not one per polling interval (2 s)", async () => {
    await s.ctx.jobs.register(countRuns);
    // Queued before any worker of this queue runs, and never woken: as after a restart.
    for (let n = 0; n < 10; n++) await s.ctx.jobs.send(countRuns, { n });
    const started = Date.now();
    await s.ctx.jobs.work(s.ctx, countRuns);
    await expect.poll(() => ran.length, { timeout: 15_000, interval: 50 }).toBe(10);
    // One per interval would take 18 s or more.
    expect(Date.now() - started).toBeLessThan(4_000);
    expect([...ran].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("in batches, run the jobs in their order, complete the rest and retry only the one that failed", async () => {
    await s.ctx.jobs.register(batched);
    for (let n = 0; n < 8; n++) await s.ctx.jobs.send(batched, { n });
    await s.ctx.jobs.work(s.ctx, batched);
    await expect.poll(() => batchRuns.length, { timeout: 15_000, interval: 50 }).toBe(8);
    // 3 ran again after its retry delay, after the others.
    expect(batchRuns).toEqual([0, 1, 2, 4, 5, 6, 7, 3]);
    await expect
      .poll(() => states(batched.name), { timeout: 5_000, interval: 50 })
      .toEqual(Array.from({ length: 8 }, (_, n) => ({ n, state: "completed", retry_count: n === 3 ? 1 : 0 })));
  });

  it("that give way wait while foreground work runs, and run as soon as it ends", async () => {
    await s.ctx.jobs.work(s.ctx, polite);
    let finish = () => {};
    const storing = s.ctx.jobs.foreground.during(() => new Promise<void>((resolve) => (finish = resolve)));
    await s.ctx.jobs.send(polite, { n: 1 });
    s.ctx.jobs.wake(polite.name);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(politeRuns).toEqual([]);
    finish();
    await storing;
    const ended = Date.now();
    await expect.poll(() => politeRuns, { timeout: 5_000, interval: 20 }).toEqual([1]);
    expect(Date.now() - ended).toBeLessThan(1_000);
  });
});
