/**
 * The earlier build's database as it opened it (PGlite under DATA_DIR/db,
 * pg_trgm, our migrations, pg-boss through its `db` adapter), for the upgrade
 * tests: the runtime no longer opens PGlite, so the tests make its
 * directories themselves.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import PgBoss from "pg-boss";
import type { Db } from "../src/db/client.js";
import * as schema from "../src/db/schema/index.js";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "src", "db", "migrations");

export interface PgliteBuild {
  db: Db;
  /** Several statements at once when given no parameters (pg-boss sends scripts). */
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

/** PGlite on `dir`, migrated to this build's level. */
export async function openPgliteBuild(dir: string): Promise<PgliteBuild> {
  mkdirSync(dir, { recursive: true });
  const client = new PGlite({ dataDir: dir, extensions: { pg_trgm } });
  await client.waitReady;
  // drizzle's PGlite and node-postgres databases build the same queries; the factories take either.
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(drizzle(client), { migrationsFolder });
  return {
    db,
    async query(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    close: () => client.close(),
  };
}

/** pg-boss on the PGlite build, as that build ran it. */
export async function pgliteBoss(build: PgliteBuild): Promise<PgBoss> {
  const boss = new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => build.query(text, values) } });
  await boss.start();
  return boss;
}
