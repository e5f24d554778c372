/**
 * One database handle for both runtime modes, on one code path: PostgreSQL at
 * DATABASE_URL, or the embedded PostgreSQL the server runs under DATA_DIR/pg
 * when it is unset (embedded/cluster.ts yields its connection string). Same
 * pool, same SQL, same migrations, pg-boss and LISTEN/NOTIFY either way.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { ClusterLog } from "./embedded/cluster.js";
import * as schema from "./schema/index.js";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A drizzle transaction on Db (what `db.transaction(async (tx) => …)` hands its callback). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Raw SQL access, used by pg-boss and by the few statements drizzle does not express. */
export interface RawSql {
  /** `name` makes it a prepared statement (parsed and planned once per connection, for hot statements; one name, one text). */
  query<T = Record<string, unknown>>(text: string, values?: unknown[], name?: string): Promise<{ rows: T[] }>;
}

export interface Database {
  db: Db;
  raw: RawSql;
  /** "embedded": the server's own cluster under DATA_DIR/pg; "postgres": DATABASE_URL. Nothing else differs. */
  kind: "embedded" | "postgres";
  /** The connection string, for pg-boss and the session lease's own connections. */
  url: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Raw SQL on a transaction's own connection, for what must commit or roll back
 * with it but is not drizzle's to write: pg-boss's job insert (its `send` takes
 * `{ db: { executeSql } }`) and ingest's prepared statement. Drizzle's
 * node-postgres transaction keeps its checked-out client on `session.client`
 * (drizzle-orm 0.45; events/events.test.ts fails if that ever moves).
 */
export function rawOf(tx: Tx): RawSql {
  const client = (tx as unknown as { session?: { client?: pg.PoolClient } }).session?.client;
  if (!client || typeof client.query !== "function") throw new Error("rawOf: not a node-postgres transaction");
  return {
    query: async (text, values, name) =>
      (name ? client.query({ name, text, values }) : client.query(text, values)) as never,
  };
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * An idle client whose connection the server ended (a restart, a failover, an
 * administrator's terminate) emits an error; unheard, it would crash the process.
 * The pool drops that client and opens a new one on the next checkout.
 */
export type IdleErrorHandler = (err: Error) => void;

/**
 * The pool prepared reads outside a transaction run on (db/rows.ts preparedRows): its connections plan
 * a prepared statement once, for any values (plan_cache_mode), where PostgreSQL otherwise plans the
 * realtime batches' ticket and message reads again at every call (custom plans: a batch's ids vary).
 * Set only here: on the main pool it would give every query with parameters a generic plan, and the
 * lists' filtered queries need plans for their values. Two connections: those reads go one batch at a
 * time per company.
 */
const genericPlanPools = new WeakMap<Db, pg.Pool>();

export function genericPlanPool(db: Db): pg.Pool | undefined {
  return genericPlanPools.get(db);
}

export async function openPostgres(url: string, max = 10, onIdleError?: IdleErrorHandler): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", (err) => onIdleError?.(err));
  const generic = new pg.Pool({ connectionString: url, max: 2, options: "-c plan_cache_mode=force_generic_plan" });
  generic.on("error", (err) => onIdleError?.(err));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  genericPlanPools.set(db, generic);
  return {
    db,
    kind: "postgres",
    url,
    raw: {
      query: async (text, values, name) =>
        (name ? pool.query({ name, text, values }) : pool.query(text, values)) as never,
    },
    migrate: () => migratePg(db as never, { migrationsFolder }),
    close: async () => {
      await endPool(generic);
      await endPool(pool);
    },
  };
}

/**
 * pg's pool.end() resolves once it has asked its connections to end, not once they have: a database
 * stopped right after (the embedded one, at the server's stop) would terminate them mid-goodbye, each
 * an error in the log of a clean stop. This waits for them (at most 5 s).
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    pool.on("remove", () => {
      if (--open === 0) resolve();
    });
  });
  await pool.end();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
  clearTimeout(timer);
}

/**
 * The embedded database's share of a small machine (1-2 cores): six statements at a time keep both
 * cores busy under a burst of webhooks (the bench measured 6 against 10: ingest the same or faster),
 * and each connection is a PostgreSQL process of about 5 MB of its own, so four fewer lower the peak.
 */
const EMBEDDED_POOL = 6;

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  log: ClusterLog;
  onIdleError?: IdleErrorHandler;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, 10, opts.onIdleError);
  // Loaded only here: a server on DATABASE_URL never touches the embedded binaries.
  const { startCluster } = await import("./embedded/cluster.js");
  const cluster = await startCluster({ dataDir: opts.dataDir, log: opts.log });
  const db = await openPostgres(cluster.url, EMBEDDED_POOL, opts.onIdleError);
  return {
    ...db,
    kind: "embedded",
    async close() {
      // The pool first: the database goes last, once nothing uses it.
      await db.close().catch(() => undefined);
      await cluster.stop();
    },
  };
}
