/**
 * Announcement reads and the per-user "seen" marks. Announcements are
 * platform-wide (business-areas §1): every signed-in user of every company
 * reads the same active ones, so these queries take no companyId; the "seen"
 * marks are scoped by the user id instead.
 */
import { announcementLimits } from "@balcao/contracts";
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { announcements, announcementViews } from "../../db/schema/index.js";
import { containsPattern } from "../../db/search.js";

export function findAnnouncement(db: Db, id: number) {
  return db.query.announcements.findFirst({ where: eq(announcements.id, id) });
}

function listWhere(searchParam: string, activeOnly: boolean): SQL | undefined {
  const pattern = searchParam ? containsPattern(searchParam) : undefined;
  return and(
    activeOnly ? eq(announcements.status, true) : undefined,
    pattern ? or(ilike(announcements.title, pattern), ilike(announcements.text, pattern)) : undefined,
  );
}

/** One page, newest first, with the total count of matches. */
export async function pageOfAnnouncements(
  db: Db,
  opts: { searchParam: string; pageNumber: number; activeOnly: boolean },
) {
  const where = listWhere(opts.searchParam, opts.activeOnly);
  const { pageSize } = announcementLimits;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(pageSize)
      .offset((opts.pageNumber - 1) * pageSize),
    db.select({ n: count() }).from(announcements).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** Which of these announcements the user has seen. */
export async function seenAmong(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: announcementViews.announcementId })
    .from(announcementViews)
    .where(and(eq(announcementViews.userId, userId), inArray(announcementViews.announcementId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Active announcements the user has not seen: the popover's dot badge. */
export async function countUnseen(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(announcements)
    .leftJoin(
      announcementViews,
      and(eq(announcementViews.announcementId, announcements.id), eq(announcementViews.userId, userId)),
    )
    .where(and(eq(announcements.status, true), isNull(announcementViews.userId)));
  return row?.n ?? 0;
}

/** Marks the active ones among `ids` seen; unknown or inactive ids are skipped. */
export async function markSeen(db: Db, userId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const active = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(inArray(announcements.id, ids), eq(announcements.status, true)));
  if (active.length === 0) return;
  await db
    .insert(announcementViews)
    .values(active.map((a) => ({ userId, announcementId: a.id })))
    .onConflictDoNothing();
}
