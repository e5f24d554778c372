/**
 * What the copy needs to know about the tables of schema `public`, read from the
 * catalogs rather than from our drizzle schema: the PGlite directory is data
 * written by an earlier build, and its own catalogs say what it holds.
 */
export type Sql = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface TablePlan {
  name: string;
  /** Columns a row is written with (generated columns are left to the target). */
  columns: string[];
  /**
   * Columns written in a second pass, once every table's rows exist: references to the table itself, and
   * the nullable references that close a cycle between tables (a queue's prompt, whose prompt names the queue).
   */
  laterReferences: string[];
  primaryKey: string[];
}

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (table: string) => `public.${quote(table)}`;

const TABLES = `SELECT c.relname::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`;

const COLUMNS = `SELECT table_name::text AS table, column_name::text AS column FROM information_schema.columns
  WHERE table_schema = 'public' AND is_generated = 'NEVER' ORDER BY table_name, ordinal_position`;

/** Foreign keys and primary keys, with their column names in key order, and whether they may be null. */
const KEYS = `SELECT co.contype::text AS kind, cl.relname::text AS table, pr.relname::text AS parent,
    (SELECT array_agg(a.attname::text ORDER BY array_position(co.conkey, a.attnum)) FROM pg_attribute a
      WHERE a.attrelid = co.conrelid AND a.attnum = ANY (co.conkey)) AS columns,
    (SELECT NOT bool_or(a.attnotnull) FROM pg_attribute a
      WHERE a.attrelid = co.conrelid AND a.attnum = ANY (co.conkey)) AS nullable
  FROM pg_constraint co
  JOIN pg_class cl ON cl.oid = co.conrelid
  JOIN pg_namespace n ON n.oid = cl.relnamespace
  LEFT JOIN pg_class pr ON pr.oid = co.confrelid
  WHERE n.nspname = 'public' AND co.contype IN ('f', 'p')`;

export async function tableNames(sql: Sql): Promise<string[]> {
  return (await sql(TABLES)).map((r) => String(r.name));
}

interface Key {
  kind: "f" | "p";
  table: string;
  parent: string | null;
  columns: string[];
  nullable: boolean;
}

/** Every table of `public`, parents before the tables that reference them. */
export async function tablePlans(sql: Sql): Promise<TablePlan[]> {
  const names = await tableNames(sql);
  const keys = ((await sql(KEYS)) as unknown as Key[]).filter((k) => k.kind === "p" || names.includes(k.parent!));
  const columns = (await sql(COLUMNS)) as unknown as { table: string; column: string }[];
  const plans = names.map((name) => ({
    name,
    columns: columns.filter((c) => c.table === name).map((c) => c.column),
    laterReferences: keys
      .filter((k) => k.kind === "f" && k.table === name && k.parent === name)
      .flatMap((k) => k.columns),
    primaryKey: keys.find((k) => k.kind === "p" && k.table === name)?.columns ?? [],
  }));
  const references = new Map(
    names.map((n) => [n, keys.filter((k) => k.kind === "f" && k.table === n && k.parent !== n)]),
  );
  return dependencyOrder(plans, references);
}

function dependencyOrder(plans: TablePlan[], references: Map<string, Key[]>): TablePlan[] {
  const ordered: TablePlan[] = [];
  const placed = new Set<string>();
  const unmet = (p: TablePlan) => (references.get(p.name) ?? []).filter((k) => !placed.has(k.parent!));
  let pending = plans;
  while (pending.length > 0) {
    let ready = pending.filter((p) => unmet(p).length === 0);
    if (ready.length === 0) {
      // A cycle: a table whose missing parents are all behind nullable keys goes now, those keys written later.
      const breaker = pending.find((p) => unmet(p).every((k) => k.nullable));
      if (!breaker) throw new Error(`tables reference each other in a cycle: ${pending.map((p) => p.name).join(", ")}`);
      breaker.laterReferences.push(...unmet(breaker).flatMap((k) => k.columns));
      ready = [breaker];
    }
    for (const p of ready) placed.add(p.name);
    ordered.push(...ready);
    pending = pending.filter((p) => !placed.has(p.name));
  }
  return ordered;
}

export async function rowCounts(sql: Sql, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const [row] = await sql(`SELECT count(*)::int AS n FROM ${qualified(t)}`);
    counts[t] = Number(row?.n ?? 0);
  }
  return counts;
}

/** Where each sequence of `public` stands; null when no value was ever drawn from it. */
export async function sequencePositions(sql: Sql): Promise<{ name: string; lastValue: string | null }[]> {
  // Both columns are cast to text by the query itself.
  return (await sql(
    `SELECT sequencename::text AS name, last_value::text AS "lastValue" FROM pg_sequences WHERE schemaname = 'public'`,
  )) as { name: string; lastValue: string | null }[];
}

/** The migrations a database has applied, by the hash drizzle records for each. */
export async function migrationHashes(sql: Sql): Promise<string[]> {
  const rows = await sql(`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at, hash`);
  return rows.map((r) => String(r.hash));
}
