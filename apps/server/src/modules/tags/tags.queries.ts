import { lookupListMax, tagLimits } from "@balcao/contracts";
import { and, asc, count, eq, ilike, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { tags, tickets, ticketTags } from "../../db/schema/index.js";
import { containsPattern } from "../../db/search.js";

export function findTag(db: Db, companyId: number, id: number) {
  return db.query.tags.findFirst({ where: and(eq(tags.id, id), eq(tags.companyId, companyId)) });
}

function searchWhere(companyId: number, searchParam: string): SQL | undefined {
  const own = eq(tags.companyId, companyId);
  return searchParam ? and(own, ilike(tags.name, containsPattern(searchParam))) : own;
}

/** One page of the tags page, by name, with the total count of matches. */
export async function pageOfTags(db: Db, companyId: number, searchParam: string, pageNumber: number) {
  const where = searchWhere(companyId, searchParam);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(tags)
      .where(where)
      .orderBy(asc(tags.name), asc(tags.id))
      .limit(tagLimits.pageSize)
      .offset((pageNumber - 1) * tagLimits.pageSize),
    db.select({ n: count() }).from(tags).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** The tags matching the search, by name, at most lookupListMax (the ticket tag autocomplete and filter). */
export function tagsNamed(db: Db, companyId: number, searchParam: string) {
  return db
    .select()
    .from(tags)
    .where(searchWhere(companyId, searchParam))
    .orderBy(asc(tags.name), asc(tags.id))
    .limit(lookupListMax);
}

/** The company's kanban lanes. */
export function kanbanTags(db: Db, companyId: number) {
  return db
    .select()
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1)))
    .orderBy(asc(tags.name), asc(tags.id));
}

/** How many of the company's tickets carry each tag. */
export async function ticketsCountByTag(db: Db, companyId: number, tagIds: number[]): Promise<Map<number, number>> {
  const counts = new Map(tagIds.map((id) => [id, 0]));
  if (tagIds.length === 0) return counts;
  const rows = await db
    .select({ tagId: ticketTags.tagId, n: count() })
    .from(ticketTags)
    .innerJoin(tickets, eq(tickets.id, ticketTags.ticketId))
    .where(and(eq(tickets.companyId, companyId), inArray(ticketTags.tagId, tagIds)))
    .groupBy(ticketTags.tagId);
  for (const row of rows) counts.set(row.tagId, row.n);
  return counts;
}
