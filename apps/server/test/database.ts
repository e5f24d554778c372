/**
 * A fresh, migrated database per test file: a database cloned from the run's
 * migrated template (CREATE DATABASE … TEMPLATE), its job queues made, on the PostgreSQL at
 * TEST_DATABASE_URL, which global-setup.ts sets to its embedded cluster when
 * the run was not given one.
 */
import { randomBytes } from "node:crypto";
import pino from "pino";
import pg from "pg";
import { openPostgres, type Database } from "../src/db/client.js";
import { startJobs } from "../src/jobs/jobs.js";
import { jobDefinitions } from "../src/jobs/registry.js";

/**
 * The run's template: its own name per run (TEST_TEMPLATE_DB, else one the global setup picks for the run and
 * hands to the test files through the environment), so runs sharing a server never drop each other's.
 */
export function templateDb(): string {
  process.env.TEST_TEMPLATE_DB ??= `balcao_template_${process.pid}`;
  return process.env.TEST_TEMPLATE_DB;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * pg-boss's schema and the server's queues, made as a server's start makes them (each queue a table with its
 * indexes: a second or more of DDL that every test file's server would otherwise run again). Its bookkeeping
 * is then cleared, so a copy's pg-boss finds its maintenance and cron as overdue as in a schema of its own.
 */
async function addJobQueues(db: Database) {
  const jobs = await startJobs(db, pino({ level: "silent" }), { recoverySeconds: 60 });
  for (const job of jobDefinitions) await jobs.register(job);
  await jobs.stop();
  await db.raw.query("UPDATE pgboss.version SET maintained_on = NULL, cron_on = NULL, monitored_on = NULL", []);
}

/** Vitest globalSetup: migrate the template once for the whole run. */
export async function prepareTemplate(url: string) {
  const template = templateDb();
  await admin(url, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${template}`);
  });
  const db = await openPostgres(withDatabase(url, template), 1);
  await db.migrate();
  await addJobQueues(db);
  await db.close();
  return () => admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
}

export async function testDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is unset: run the tests through vitest (its global setup provides it)");
  const name = `balcao_t_${randomBytes(6).toString("hex")}`;
  await admin(url, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${templateDb()}`));
  const db = await openPostgres(withDatabase(url, name), 5);
  return {
    ...db,
    async close() {
      await db.close();
      await admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
