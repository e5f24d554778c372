/**
 * A fresh, migrated database per test file: a database cloned from the run's
 * migrated template (CREATE DATABASE … TEMPLATE) on the PostgreSQL at
 * TEST_DATABASE_URL, which global-setup.ts sets to its embedded cluster when
 * the run was not given one.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPostgres, type Database } from "../src/db/client.js";

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

/** Vitest globalSetup: migrate the template once for the whole run. */
export async function prepareTemplate(url: string) {
  const template = templateDb();
  await admin(url, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${template}`);
  });
  const db = await openPostgres(withDatabase(url, template), 1);
  await db.migrate();
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
