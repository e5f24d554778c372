import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./client.js";

/** A raw statement's rows (node-postgres answers with { rows }; Db types the result as unknown). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** How a presenter reads its rows: the select list, the aliased table and the joins. */
export interface RowSource {
  columns: SQL;
  /** The table with its alias, e.g. `tickets t`; the alias is the one `columns` and `joins` use. */
  table: SQL;
  alias: SQL;
  joins: SQL;
}

/** The company's rows for these ids, in the ids' order (a page's order), in one statement. */
export function companyRowsByIds<T>(db: Db, source: RowSource, companyId: number, ids: number[]): Promise<T[]> {
  const { columns, table, alias, joins } = source;
  return rowsOf<T>(
    db,
    sql`select ${columns}
        from unnest(${sql.param(ids)}::int[]) with ordinality as p(id, ord)
        join ${table} on ${alias}.id = p.id and ${alias}.company_id = ${companyId}
        ${joins}
        order by p.ord`,
  );
}
