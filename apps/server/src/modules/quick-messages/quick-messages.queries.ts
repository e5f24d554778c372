/**
 * Quick message reads, every one scoped by the company. A user sees their own
 * quick messages and the company's shared ones (geral).
 */
import { lookupListMax, quickMessageLimits } from "@balcao/contracts";
import { and, asc, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { quickMessages } from "../../db/schema/index.js";
import { containsPattern } from "../../db/search.js";

export type QuickMessageRow = typeof quickMessages.$inferSelect;

function visibleTo(companyId: number, userId: number): SQL {
  return and(
    eq(quickMessages.companyId, companyId),
    or(eq(quickMessages.userId, userId), eq(quickMessages.geral, true)),
  )!;
}

export function findVisibleQuickMessage(db: Db, companyId: number, userId: number, id: number) {
  return db.query.quickMessages.findFirst({ where: and(eq(quickMessages.id, id), visibleTo(companyId, userId)) });
}

/** Whoever may see it: for the realtime subscribers, which decide the audience from the row. */
export function findQuickMessage(db: Db, companyId: number, id: number) {
  return db.query.quickMessages.findFirst({
    where: and(eq(quickMessages.id, id), eq(quickMessages.companyId, companyId)),
  });
}

/** One page of the quick messages page, by shortcode, searched in shortcode and message. */
export async function pageOfQuickMessages(
  db: Db,
  companyId: number,
  userId: number,
  searchParam: string,
  pageNumber: number,
) {
  const pattern = containsPattern(searchParam);
  const where = searchParam
    ? and(
        visibleTo(companyId, userId),
        or(ilike(quickMessages.shortcode, pattern), ilike(quickMessages.message, pattern)),
      )
    : visibleTo(companyId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(quickMessages)
      .where(where)
      .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id))
      .limit(quickMessageLimits.pageSize)
      .offset((pageNumber - 1) * quickMessageLimits.pageSize),
    db.select({ n: count() }).from(quickMessages).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** What the message input suggests: the active ones the user sees whose shortcode has the text typed, at most lookupListMax. */
export function activeQuickMessages(db: Db, companyId: number, userId: number, searchParam: string) {
  const active = and(visibleTo(companyId, userId), eq(quickMessages.status, true));
  return db
    .select()
    .from(quickMessages)
    .where(searchParam ? and(active, ilike(quickMessages.shortcode, containsPattern(searchParam))) : active)
    .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id))
    .limit(lookupListMax);
}
