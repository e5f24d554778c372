/**
 * Durable jobs on pg-boss, on the same database as the data: PostgreSQL by its
 * connection string, PGlite through pg-boss's `db` adapter.
 */
import PgBoss from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.js";

export interface Jobs {
  boss: PgBoss;
  stop(): Promise<void>;
}

export async function startJobs(database: Database, log: FastifyBaseLogger): Promise<Jobs> {
  const boss =
    database.kind === "postgres" && database.url
      ? new PgBoss({ connectionString: database.url, max: 4 })
      : new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => database.raw.query(text, values) } });
  boss.on("error", (err: unknown) => log.error({ err }, "job queue error"));
  await boss.start();
  return {
    boss,
    stop: () => boss.stop({ graceful: false, wait: true }),
  };
}
