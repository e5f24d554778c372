/**
 * A queue's backlog drains as fast as its jobs run: jobs waiting when the
 * worker starts, or queued where nothing wakes this process's worker (another
 * process, a restart), are not taken one per polling interval.
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
});
