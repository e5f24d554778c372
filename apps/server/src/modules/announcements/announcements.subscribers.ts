/**
 * Announcement realtime, driven by the domain events after their commit: the
 * announcement as it now is (announcements.realtime.ts decides who may see
 * it), or its id when deleted.
 */
import type { Context } from "../../context.js";
import { findAnnouncement } from "./announcements.queries.js";
import { publishAnnouncement, publishAnnouncementDeleted } from "./announcements.realtime.js";

/** One deleted meanwhile has nothing left to show. */
async function publish(ctx: Context, action: "create" | "update", announcementId: number) {
  const row = await findAnnouncement(ctx.db, announcementId);
  if (row) await publishAnnouncement(ctx, action, row);
}

export function subscribeAnnouncementRealtime(ctx: Context): void {
  ctx.events.on("announcement.created", (e) => publish(ctx, "create", e.announcementId));
  ctx.events.on("announcement.updated", (e) => publish(ctx, "update", e.announcementId));
  ctx.events.on("announcement.deleted", (e) => publishAnnouncementDeleted(ctx, e.announcementId));
}
