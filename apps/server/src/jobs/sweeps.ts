/**
 * Work whose durable record is a mark on the data's own rows instead of a
 * pg-boss job (an outbox): ingest marks a ticket as having a customer's
 * message automation has not looked at, in the statement that stores the
 * message, so a burst of deliveries writes no job rows (issue 11 item 10:
 * one job insert per message was what ingest with routing on lost against
 * ingest without). A sweep finds the marked rows and works them; the mark
 * is cleared in the same transaction as the work, so a process killed at
 * any moment leaves the mark for the next sweep (its own after the restart,
 * or another process's poll), and the work's own check keeps it from being
 * done twice.
 *
 * One loop per process and sweep: woken at once after a commit that marked
 * rows (`wake`), else every `pollMs` (what another process marked, what a
 * crash left); `givesWay` as for jobs (jobs.ts).
 */
import type { FastifyBaseLogger } from "fastify";
import type { Context } from "../context.js";
import type { Foreground } from "./foreground.js";

export interface SweepDefinition {
  name: string;
  /** Works one batch of what is marked; how many rows it found (0: nothing is marked, the sweep rests). */
  run(ctx: Context): Promise<number>;
  givesWay?: true;
}

export interface Sweeper {
  start(ctx: Context, sweep: SweepDefinition): void;
  wake(name: string): void;
  /** Resolves when the batches in flight are done; nothing starts after. */
  stop(): Promise<void>;
}

interface Loop {
  wake(): void;
  stop(): Promise<void>;
}

export const sweepPollMs = 2000;

export function createSweeper(
  foreground: Foreground,
  log: FastifyBaseLogger,
  options: { pollMs: number; foregroundWaitMs: number },
): Sweeper {
  const loops = new Map<string, Loop[]>();
  const startLoop = (ctx: Context, sweep: SweepDefinition): Loop => {
    let stopped = false;
    let woken = false;
    let rest: (() => void) | undefined;
    const sleep = () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => wakeUp(), options.pollMs);
        rest = () => {
          clearTimeout(timer);
          rest = undefined;
          resolve();
        };
        if (woken || stopped) rest();
      });
    const wakeUp = () => rest?.();
    const batch = async () => {
      woken = false;
      if (sweep.givesWay) await foreground.quiet(options.foregroundWaitMs);
      if (stopped) return 0;
      return sweep.run(ctx);
    };
    const done = (async () => {
      while (!stopped) {
        const found = await batch().catch((err: unknown) => {
          log.error({ err, sweep: sweep.name }, "sweep failed");
          return 0;
        });
        if (found === 0 && !stopped) await sleep();
      }
    })();
    return {
      wake() {
        woken = true;
        wakeUp();
      },
      async stop() {
        stopped = true;
        wakeUp();
        await done;
      },
    };
  };
  return {
    start(ctx, sweep) {
      const list = loops.get(sweep.name) ?? [];
      list.push(startLoop(ctx, sweep));
      loops.set(sweep.name, list);
    },
    wake(name) {
      for (const loop of loops.get(name) ?? []) loop.wake();
    },
    async stop() {
      const all = [...loops.values()].flat();
      loops.clear();
      await Promise.all(all.map((loop) => loop.stop()));
    },
  };
}
