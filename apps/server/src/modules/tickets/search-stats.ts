/**
 * PostgreSQL's column statistics of the texts a ticket search reads
 * (pg_stats: the most common values of messages.body and contacts.name and
 * the histogram sample of the rest, as ANALYZE left them), and the share of
 * values containing a text as the planner estimates a LIKE from them.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";

export interface ColumnStats {
  nullFrac: number;
  mcv: string[];
  mcf: number[];
  hist: string[];
}

export interface SearchStats {
  body?: ColumnStats;
  name?: ColumnStats;
}

/** Statistics move slowly (autovacuum's analyze); one read a minute per database. */
const statsTtlMs = 60_000;
const statsCache = new WeakMap<Db, { at: number; stats: Promise<SearchStats> }>();

async function readStats(db: Db): Promise<SearchStats> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    select tablename, null_frac, most_common_vals::text::text[] as mcv, most_common_freqs as mcf,
           histogram_bounds::text::text[] as hist
    from pg_stats
    where schemaname = current_schema()
      and ((tablename = 'messages' and attname = 'body') or (tablename = 'contacts' and attname = 'name'))`,
  );
  const stats: SearchStats = {};
  for (const r of rows) {
    const column: ColumnStats = {
      nullFrac: Number(r.null_frac ?? 0),
      mcv: ((r.mcv as string[] | null) ?? []).map((v) => v.toLowerCase()),
      mcf: ((r.mcf as number[] | null) ?? []).map(Number),
      hist: ((r.hist as string[] | null) ?? []).map((v) => v.toLowerCase()),
    };
    if (r.tablename === "messages") stats.body = column;
    else stats.name = column;
  }
  return stats;
}

export function searchStats(db: Db): Promise<SearchStats> {
  const cached = statsCache.get(db);
  if (cached && Date.now() - cached.at < statsTtlMs) return cached.stats;
  const stats = readStats(db).catch(() => ({}));
  statsCache.set(db, { at: Date.now(), stats });
  return stats;
}

/**
 * The share of a column's values containing `text` (lower-cased), as the
 * planner estimates a LIKE: the matching most common values' frequencies,
 * plus the matching part of the histogram for the rest; undefined without
 * statistics (a table never analysed).
 */
export function shareContaining(stats: ColumnStats | undefined, text: string): number | undefined {
  if (!stats || (stats.mcv.length === 0 && stats.hist.length === 0)) return undefined;
  let share = 0;
  let mcvTotal = 0;
  stats.mcv.forEach((v, i) => {
    mcvTotal += stats.mcf[i] ?? 0;
    if (v.includes(text)) share += stats.mcf[i] ?? 0;
  });
  if (stats.hist.length) {
    const hits = stats.hist.filter((v) => v.includes(text)).length;
    share += (1 - mcvTotal - stats.nullFrac) * (hits / stats.hist.length);
  }
  return share;
}
