/**
 * One database handle for both runtime modes: embedded PGlite under DATA_DIR
 * when DATABASE_URL is unset, PostgreSQL otherwise. Same schema, same SQL.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema/index.js";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Raw SQL access, used by pg-boss and by the few statements drizzle does not express. */
export interface RawSql {
  /**
   * `name` makes it a prepared statement on PostgreSQL (parsed and planned once per connection,
   * for hot statements; one name, one text); PGlite runs it as usual.
   */
  query<T = Record<string, unknown>>(text: string, values?: unknown[], name?: string): Promise<{ rows: T[] }>;
}

export interface Database {
  db: Db;
  raw: RawSql;
  kind: "pglite" | "postgres";
  /** The connection string, for pg-boss and advisory-lock holders on PostgreSQL. */
  url?: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the ticket search over names, numbers and message text.
  const client = new PGlite({ dataDir, extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    raw: {
      async query(text, values) {
        if (values && values.length > 0) return client.query(text, values) as never;
        // Without parameters, allow several statements (pg-boss migrations send scripts).
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] } as never;
      },
    },
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * An idle client whose connection the server ended (a restart, a failover, an
 * administrator's terminate) emits an error; unheard, it would crash the process.
 * The pool drops that client and opens a new one on the next checkout.
 */
export type IdleErrorHandler = (err: Error) => void;

export async function openPostgres(url: string, max = 10, onIdleError?: IdleErrorHandler): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", (err) => onIdleError?.(err));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    url,
    raw: {
      query: async (text, values, name) =>
        (name ? pool.query({ name, text, values }) : pool.query(text, values)) as never,
    },
    migrate: () => migratePg(db as never, { migrationsFolder }),
    close: () => pool.end(),
  };
}

export function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  onIdleError?: IdleErrorHandler;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, 10, opts.onIdleError)
    : openPglite(path.join(opts.dataDir, "db"));
}
