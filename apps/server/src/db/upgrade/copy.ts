/**
 * Rows move as JSON text: PGlite renders each row with to_jsonb and the target
 * parses it back with jsonb_populate_recordset, so every value goes through
 * PostgreSQL's own text forms (microsecond timestamps, numerics, jsonb, bytea)
 * and never through a JavaScript Date or number.
 */
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type pg from "pg";
import { qualified, quote, type TablePlan } from "./catalog.js";

const BATCH = 1000;

/** Reads a query's rows as JSON texts, a batch at a time, through a cursor (no OFFSET rescans). */
export async function eachBatch(
  source: PGlite,
  select: string,
  write: (rows: string[]) => Promise<void>,
): Promise<void> {
  await source.transaction(async (tx: Transaction) => {
    await tx.query(`DECLARE upgrade_rows NO SCROLL CURSOR FOR SELECT to_jsonb(r)::text AS j FROM (${select}) r`);
    for (;;) {
      const { rows } = await tx.query<{ j: string }>(`FETCH ${BATCH} FROM upgrade_rows`);
      if (rows.length === 0) break;
      await write(rows.map((r) => r.j));
    }
    await tx.query("CLOSE upgrade_rows");
  });
}

export const asJsonArray = (rows: string[]) => `[${rows.join(",")}]`;

export async function copyTable(source: PGlite, target: pg.ClientBase, table: TablePlan): Promise<void> {
  const name = qualified(table.name);
  const direct = table.columns.filter((c) => !table.laterReferences.includes(c)).map(quote);
  const list = direct.join(", ");
  // OVERRIDING SYSTEM VALUE: ids are kept as they were, identity columns included.
  const insert = `INSERT INTO ${name} (${list}) OVERRIDING SYSTEM VALUE
    SELECT ${list} FROM jsonb_populate_recordset(NULL::${name}, $1::jsonb)`;
  await eachBatch(source, `SELECT * FROM ${name}`, async (rows) => {
    await target.query(insert, [asJsonArray(rows)]);
  });
}

/**
 * A message quoting a later one, an option under a later option, a queue's prompt (whose prompt names the
 * queue): set once every table's rows exist.
 */
export async function copyLaterReferences(source: PGlite, target: pg.ClientBase, table: TablePlan): Promise<void> {
  if (table.laterReferences.length === 0) return;
  if (table.primaryKey.length === 0) throw new Error(`${table.name} has references written later but no primary key`);
  const name = qualified(table.name);
  const refs = table.laterReferences.map(quote);
  const keys = table.primaryKey.map(quote);
  const set = refs.map((c) => `${c} = s.${c}`).join(", ");
  const match = keys.map((k) => `d.${k} = s.${k}`).join(" AND ");
  const update = `UPDATE ${name} d SET ${set} FROM jsonb_populate_recordset(NULL::${name}, $1::jsonb) s WHERE ${match}`;
  const select = `SELECT ${[...keys, ...refs].join(", ")} FROM ${name} WHERE ${refs.map((c) => `${c} IS NOT NULL`).join(" OR ")}`;
  await eachBatch(source, select, async (rows) => {
    await target.query(update, [asJsonArray(rows)]);
  });
}
