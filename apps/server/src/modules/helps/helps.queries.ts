/** Help reads. Helps are platform-wide: every signed-in user of every company reads the same list. */
import { helpLimits } from "@balcao/contracts";
import { asc, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { helps } from "../../db/schema/index.js";
import { containsPattern } from "../../db/search.js";

export function findHelp(db: Db, id: number) {
  return db.query.helps.findFirst({ where: eq(helps.id, id) });
}

export function allHelps(db: Db) {
  return db.select().from(helps).orderBy(asc(helps.title), asc(helps.id));
}

function searchWhere(searchParam: string): SQL | undefined {
  if (!searchParam) return undefined;
  const pattern = containsPattern(searchParam);
  return or(ilike(helps.title, pattern), ilike(helps.description, pattern));
}

/** One page of helps by title, with the total count of matches. */
export async function pageOfHelps(db: Db, searchParam: string, pageNumber: number) {
  const where = searchWhere(searchParam);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(helps)
      .where(where)
      .orderBy(asc(helps.title), asc(helps.id))
      .limit(helpLimits.pageSize)
      .offset((pageNumber - 1) * helpLimits.pageSize),
    db.select({ n: count() }).from(helps).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}
