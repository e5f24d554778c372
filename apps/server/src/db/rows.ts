import { fillPlaceholders, sql, type Placeholder, type Query, type SQL } from "drizzle-orm";
import type { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import { genericPlanPool, type Db, type Tx } from "./client.js";

/**
 * A statement builder's inputs: each a value (a parameter), or SQL standing for it in the statement
 * around it (a column of a row it wrote), or a placeholder (a statement built once: answer-facts.ts).
 */
export type SqlInputs<T> = { [K in keyof T]: T[K] | SQL | Placeholder };

/** A raw statement's rows (node-postgres answers with { rows }; Db types the result as unknown). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * A hot statement run as a prepared one named `name`: each connection parses
 * and plans it once instead of at every call (PostgreSQL spent more time in
 * parse and bind than in running the batched DTO reads and the timeline's
 * insert under a burst of webhooks). One name, one text: only for a statement
 * whose text never changes (values go in parameters; id lists as one array).
 * Outside a transaction it runs with a generic plan, planned once for any
 * values (the batches' id lists vary in length, and PostgreSQL kept
 * re-planning them for each).
 * Drizzle keeps its dialect and its pool or transaction client on the handle
 * (drizzle-orm 0.45, as rawOf in client.ts).
 */
export async function preparedRows<T>(db: Db | Tx, name: string, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialectOf(db).sqlToQuery(query);
  return runPrepared<T>(genericClientOf(db), name, text, params);
}

/**
 * A hot read run as a prepared statement named `name` on the pool's own
 * connections (one name, one text, as preparedRows), where PostgreSQL picks
 * the plan as it does for any prepared statement: after five calls on a
 * connection it keeps a generic plan, planned once, when that plan costs no
 * more than the ones it made for the values. For a read by keys whose plan
 * the values do not change: planning it took longer than running it (the
 * conversation page, EXPLAIN ANALYZE on the bench's database).
 */
export async function reusedPlanRows<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialectOf(db).sqlToQuery(query);
  return runPrepared<T>(sessionClientOf(db), name, text, params);
}

function dialectOf(db: Db | Tx): PgDialect {
  return (db as unknown as { dialect: PgDialect }).dialect;
}

function sessionClientOf(db: Db | Tx): pg.Pool | pg.PoolClient {
  return (db as unknown as { session: { client: pg.Pool | pg.PoolClient } }).session.client;
}

/** Outside a transaction, the connections that plan a statement once for any values (client.ts genericPlanPool). */
function genericClientOf(db: Db | Tx): pg.Pool | pg.PoolClient {
  return genericPlanPool(db) ?? sessionClientOf(db);
}

async function runPrepared<T>(
  client: pg.Pool | pg.PoolClient,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const result = await client.query<T & pg.QueryResultRow>({ name, text, values });
  return result.rows;
}

/** How a presenter reads its rows: the select list, the aliased table and the joins. */
export interface RowSource {
  /** The prepared statement's name (preparedRows): one per source. */
  name: string;
  columns: SQL;
  /** The table with its alias, e.g. `tickets t`; the alias is the one `columns` and `joins` use. */
  table: SQL;
  alias: SQL;
  joins: SQL;
}

/**
 * Each source's statement by its name (one name, one text), built once with placeholders: drizzle building the
 * presenters' long select lists again for every realtime batch cost more than running them (a CPU profile of
 * the ingest bench).
 */
const builtSources = new Map<string, Query>();

/**
 * Where a read by ids is planned: "generic" on the connections that plan it
 * once for any values (preparedRows: the realtime batches of one or two ids,
 * which PostgreSQL would otherwise plan again at every call), "reused" on the
 * pool's own connections, which keep its generic plan once they judge it as
 * good (reusedPlanRows: a list's page of ids, beside the page's own statement).
 */
export type PlannedOn = "generic" | "reused";

/** The company's rows for these ids, in the ids' order (a page's order), in one statement. */
export function companyRowsByIds<T>(
  db: Db,
  source: RowSource,
  companyId: number,
  ids: number[],
  plannedOn: PlannedOn = "generic",
): Promise<T[]> {
  let query = builtSources.get(source.name);
  if (!query) {
    const { columns, table, alias, joins } = source;
    query = dialectOf(db).sqlToQuery(
      sql`select ${columns}
          from unnest(${sql.placeholder("ids")}::int[]) with ordinality as p(id, ord)
          join ${table} on ${alias}.id = p.id and ${alias}.company_id = ${sql.placeholder("companyId")}
          ${joins}
          order by p.ord`,
    );
    builtSources.set(source.name, query);
  }
  const client = plannedOn === "generic" ? genericClientOf(db) : sessionClientOf(db);
  return runPrepared<T>(client, source.name, query.sql, fillPlaceholders(query.params, { ids, companyId }));
}
