/**
 * Announcements (business-areas §2.14): super users write, every signed-in
 * user reads the active ones. The list route serves both readers: super users
 * get every announcement (the management page) unless they ask for active
 * ones only (`active=true`, the popover); everyone else always gets the
 * active ones. Each listed record says whether the reader has seen it.
 */
import {
  announcementLimits,
  type AnnouncementDto,
  type AnnouncementListResponse,
  type AnnouncementSave,
  type AnnouncementSeenResponse,
} from "@balcao/contracts";
import { eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { announcements } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { AccessClaims } from "../auth/tokens.js";
import { presentAnnouncement, presentListItem } from "./announcements.presenter.js";
import { countUnseen, findAnnouncement, markSeen, pageOfAnnouncements, seenAmong } from "./announcements.queries.js";

type Viewer = Pick<AccessClaims, "id" | "super">;

export async function listAnnouncements(
  ctx: Context,
  viewer: Viewer,
  query: { searchParam: string; pageNumber: number; active: boolean },
): Promise<AnnouncementListResponse> {
  const activeOnly = query.active || !viewer.super;
  const { searchParam, pageNumber } = query;
  const { rows, count } = await pageOfAnnouncements(ctx.db, {
    searchParam: searchParam.toLowerCase(),
    pageNumber,
    activeOnly,
  });
  const [seen, unseenCount] = await Promise.all([
    seenAmong(
      ctx.db,
      viewer.id,
      rows.map((r) => r.id),
    ),
    countUnseen(ctx.db, viewer.id),
  ]);
  const shown = (pageNumber - 1) * announcementLimits.pageSize + rows.length;
  return {
    records: rows.map((r) => presentListItem(r, seen.has(r.id))),
    count,
    hasMore: shown < count,
    unseenCount,
  };
}

/** The announcement, or 404: an inactive one does not exist for non-super users. */
export async function loadAnnouncement(ctx: Context, id: number, viewer?: Viewer) {
  const row = await findAnnouncement(ctx.db, id);
  if (!row || (viewer && !viewer.super && !row.status)) throw new AppError("ERR_NOT_FOUND");
  return row;
}

export async function showAnnouncement(ctx: Context, id: number, viewer: Viewer): Promise<AnnouncementDto> {
  return presentAnnouncement(await loadAnnouncement(ctx, id, viewer));
}

export async function createAnnouncement(
  ctx: Context,
  companyId: number,
  { title, text, priority, status }: AnnouncementSave,
): Promise<AnnouncementDto> {
  const [row] = await ctx.db.insert(announcements).values({ companyId, title, text, priority, status }).returning();
  await ctx.events.published("announcement.created", { announcementId: row!.id });
  return presentAnnouncement(row!);
}

export async function updateAnnouncement(
  ctx: Context,
  id: number,
  { title, text, priority, status }: AnnouncementSave,
): Promise<AnnouncementDto> {
  await loadAnnouncement(ctx, id);
  const [row] = await ctx.db
    .update(announcements)
    .set({ title, text, priority, status, updatedAt: new Date() })
    .where(eq(announcements.id, id))
    .returning();
  await ctx.events.published("announcement.updated", { announcementId: id });
  return presentAnnouncement(row!);
}

/** Deletes the announcement, its seen marks (cascade) and its image. */
export async function deleteAnnouncement(ctx: Context, id: number): Promise<void> {
  const row = await loadAnnouncement(ctx, id);
  await ctx.db.delete(announcements).where(eq(announcements.id, id));
  await ctx.media.remove(row.mediaPath);
  await ctx.events.published("announcement.deleted", { announcementId: id });
}

export async function markAnnouncementsSeen(
  ctx: Context,
  userId: number,
  ids: number[],
): Promise<AnnouncementSeenResponse> {
  await markSeen(ctx.db, userId, [...new Set(ids)]);
  return { unseenCount: await countUnseen(ctx.db, userId) };
}
