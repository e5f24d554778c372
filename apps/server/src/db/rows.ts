import type { SQL } from "drizzle-orm";
import type { Db } from "./client.js";

/** A raw statement's rows: both drivers (PGlite and node-postgres) answer with { rows }. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
