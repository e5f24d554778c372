/**
 * The announcement as the spec's client reads it (business-areas §3, core-platform §3).
 * The list answers {records, count, hasMore, unseenCount}; each listed record
 * carries `seen` for the current user (the popover's dot badge).
 */
import type { AnnouncementDto, AnnouncementListItem, AnnouncementPriority } from "@balcao/contracts";
import type { announcements } from "../../db/schema/index.js";

export type AnnouncementRow = typeof announcements.$inferSelect;

export function presentAnnouncement(row: AnnouncementRow): AnnouncementDto {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    // The service only stores 1, 2 or 3 (validated by the contracts' schema).
    priority: row.priority as AnnouncementPriority,
    status: row.status,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentListItem(row: AnnouncementRow, seen: boolean): AnnouncementListItem {
  return { ...presentAnnouncement(row), seen };
}
