/**
 * One look for due jobs per poll for all of this process's queues, instead of
 * one fetch per worker: pg-boss polls each worker on its own (27 of them, so
 * ~14 statements a second on an idle server and under every burst of
 * customers' messages). Every `pollMs` one statement names the queues with a
 * job waiting to start (queued by another process, a retry's delay over, a
 * timer's start reached, left by a crash), and their workers are woken, as
 * `jobs.wake` wakes them after our own commits. Their own polls are only a
 * backstop (`backstopSeconds`): a job waits no longer than it did before.
 */
import type { FastifyBaseLogger } from "fastify";
import type { RawSql } from "../db/client.js";

/** How often the due jobs are looked for: pg-boss' own polling interval, which the workers had before. */
export const duePollMs = 2000;

/** A worker's own polling interval, should the look for due jobs keep failing. */
export const backstopSeconds = 30;

/** pg-boss' fetch takes a job in state created or retry whose start is past (its index: name, start_after). */
const dueStatement = `select distinct name from pgboss.job where state < 'active' and start_after < now()`;

export interface DueJobs {
  stop(): Promise<void>;
}

export function watchDueJobs(
  raw: RawSql,
  wake: (name: string) => void,
  log: FastifyBaseLogger,
  pollMs = duePollMs,
): DueJobs {
  let stopped = false;
  let rest: (() => void) | undefined;
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => rest?.(), pollMs);
      rest = () => {
        clearTimeout(timer);
        rest = undefined;
        resolve();
      };
    });
  const look = async () => {
    const { rows } = await raw.query<{ name: string }>(dueStatement, [], "jobs_due");
    for (const { name } of rows) wake(name);
  };
  const done = (async () => {
    while (!stopped) {
      await look().catch((err: unknown) => log.error({ err }, "looking for due jobs failed"));
      if (!stopped) await sleep();
    }
  })();
  return {
    async stop() {
      stopped = true;
      rest?.();
      await done;
    },
  };
}
