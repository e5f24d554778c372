/** Reads of contact lists and their items; every one scoped by companyId. */
import { contactListLimits, lookupListMax } from "@balcao/contracts";
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { contactListItems, contactLists } from "../../db/schema/index.js";
import { containsPattern } from "../../db/search.js";

export function findList(db: Db, companyId: number, id: number) {
  return db.query.contactLists.findFirst({
    where: and(eq(contactLists.id, id), eq(contactLists.companyId, companyId)),
  });
}

function listsWhere(companyId: number, searchParam: string): SQL | undefined {
  const own = eq(contactLists.companyId, companyId);
  return searchParam ? and(own, ilike(contactLists.name, containsPattern(searchParam))) : own;
}

export async function pageOfLists(db: Db, companyId: number, searchParam: string, pageNumber: number) {
  const where = listsWhere(companyId, searchParam);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactLists)
      .where(where)
      .orderBy(asc(contactLists.name), asc(contactLists.id))
      .limit(contactListLimits.pageSize)
      .offset((pageNumber - 1) * contactListLimits.pageSize),
    db.select({ n: count() }).from(contactLists).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** GET /contact-lists/list (the campaign modal's select): by name, at most lookupListMax. */
export function listsNamed(db: Db, companyId: number, searchParam: string) {
  return db
    .select()
    .from(contactLists)
    .where(listsWhere(companyId, searchParam))
    .orderBy(asc(contactLists.name), asc(contactLists.id))
    .limit(lookupListMax);
}

/** How many items each list holds. */
export async function itemsCountByList(db: Db, companyId: number, listIds: number[]): Promise<Map<number, number>> {
  const counts = new Map(listIds.map((id) => [id, 0]));
  if (listIds.length === 0) return counts;
  const rows = await db
    .select({ listId: contactListItems.contactListId, n: count() })
    .from(contactListItems)
    .where(and(eq(contactListItems.companyId, companyId), inArray(contactListItems.contactListId, listIds)))
    .groupBy(contactListItems.contactListId);
  for (const row of rows) counts.set(row.listId, row.n);
  return counts;
}

export function findItem(db: Db, companyId: number, id: number) {
  return db.query.contactListItems.findFirst({
    where: and(eq(contactListItems.id, id), eq(contactListItems.companyId, companyId)),
  });
}

function itemsWhere(companyId: number, contactListId: number, searchParam: string): SQL | undefined {
  const own = and(eq(contactListItems.companyId, companyId), eq(contactListItems.contactListId, contactListId));
  if (!searchParam) return own;
  const pattern = containsPattern(searchParam);
  return and(
    own,
    or(
      ilike(contactListItems.name, pattern),
      ilike(contactListItems.number, pattern),
      ilike(contactListItems.email, pattern),
    ),
  );
}

export async function pageOfItems(
  db: Db,
  companyId: number,
  contactListId: number,
  searchParam: string,
  pageNumber: number,
) {
  const where = itemsWhere(companyId, contactListId, searchParam);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactListItems)
      .where(where)
      .orderBy(asc(contactListItems.name), asc(contactListItems.id))
      .limit(contactListLimits.itemsPageSize)
      .offset((pageNumber - 1) * contactListLimits.itemsPageSize),
    db.select({ n: count() }).from(contactListItems).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** The list's numbers not yet checked against WhatsApp, oldest first. */
export function uncheckedItems(db: Db, companyId: number, contactListId: number, limit: number) {
  return db
    .select()
    .from(contactListItems)
    .where(
      and(
        eq(contactListItems.companyId, companyId),
        eq(contactListItems.contactListId, contactListId),
        isNull(contactListItems.isWhatsappValid),
      ),
    )
    .orderBy(asc(contactListItems.id))
    .limit(limit);
}
