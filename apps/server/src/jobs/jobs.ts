/** Durable jobs on pg-boss, on the same database as the data, by its connection string. */
import PgBoss from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Context } from "../context.js";
import type { Database } from "../db/client.js";

/**
 * One kind of job (DESIGN §2 "Jobs"): its queue, a payload of ids, how often
 * and how far apart a failed run is tried again, how long one run may take,
 * and the idempotent handler.
 */
export interface JobDefinition<T> {
  name: string;
  payload: z.ZodType<T>;
  policy: Required<Pick<PgBoss.Queue, "retryLimit" | "retryDelay" | "retryBackoff" | "expireInSeconds">>;
  run(ctx: Context, data: T): Promise<void>;
}

export interface Jobs {
  boss: PgBoss;
  /** Creates the job's queue and runs its handler in this process: before anything sends one. */
  work<T>(ctx: Context, job: JobDefinition<T>): Promise<void>;
  send<T>(job: JobDefinition<T>, data: T): Promise<void>;
  stop(): Promise<void>;
}

export async function startJobs(database: Database, log: FastifyBaseLogger): Promise<Jobs> {
  const boss = new PgBoss({ connectionString: database.url, max: 4 });
  boss.on("error", (err: unknown) => log.error({ err }, "job queue error"));
  await boss.start();
  return {
    boss,
    async work(ctx, job) {
      await boss.createQueue(job.name, { name: job.name, ...job.policy });
      await boss.work<unknown>(job.name, async ([entry]) => {
        if (entry) await job.run(ctx, job.payload.parse(entry.data));
      });
    },
    async send(job, data) {
      await boss.send(job.name, job.payload.parse(data) as object, job.policy);
    },
    stop: () => boss.stop({ graceful: false, wait: true }),
  };
}
