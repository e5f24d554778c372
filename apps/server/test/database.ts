/**
 * A fresh, migrated database per test file: a database cloned from the run's
 * migrated template (CREATE DATABASE … TEMPLATE) on the PostgreSQL at
 * TEST_DATABASE_URL, which global-setup.ts sets to its embedded cluster when
 * the run was not given one.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPostgres, type Database } from "../src/db/client.js";

/** Its own name per concurrent run on one server (TEST_TEMPLATE_DB), so two runs never drop each other's. */
export const TEMPLATE_DB = process.env.TEST_TEMPLATE_DB ?? "balcao_template";

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
  await admin(url, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  });
  const db = await openPostgres(withDatabase(url, TEMPLATE_DB), 1);
  await db.migrate();
  await db.close();
}

export async function testDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is unset: run the tests through vitest (its global setup provides it)");
  const name = `balcao_t_${randomBytes(6).toString("hex")}`;
  await admin(url, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`));
  const db = await openPostgres(withDatabase(url, name), 5);
  return {
    ...db,
    async close() {
      await db.close();
      await admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
