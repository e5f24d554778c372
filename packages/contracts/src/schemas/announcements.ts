/**
 * Announcements (business-areas §2.14, §3 Announcement, §5 Announcement, §7):
 * platform-wide notices written by super users and shown to every signed-in
 * user in the top-bar popover. Validated alike by the server and the modal.
 */
import { z } from "zod";
import { idSchema, pageNumberSchema } from "./ids.js";

export const announcementLimits = { titleMax: 200, textMax: 5000, pageSize: 20 } as const;

/** 1 high, 2 medium, 3 low (§3); the popover's left border colours (§9). */
export const announcementPriorities = [1, 2, 3] as const;
export type AnnouncementPriority = (typeof announcementPriorities)[number];
export const announcementPriorityColors: Record<AnnouncementPriority, string> = {
  1: "#d32f2f",
  2: "#ed6c02",
  3: "#9e9e9e",
};

/** A number or its digit string (a select may hand either); anything but 1, 2, 3 is refused. */
const prioritySchema = z.coerce
  .number()
  .int()
  .refine((p): p is AnnouncementPriority => announcementPriorities.includes(p as AnnouncementPriority));

/** A boolean, or the strings a form may send. */
const statusSchema = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

export const announcementSaveSchema = z
  .object({
    // §5: title and text are required.
    title: z.string().trim().min(1).max(announcementLimits.titleMax),
    text: z.string().trim().min(1).max(announcementLimits.textMax),
    priority: prioritySchema.optional().default(3),
    status: statusSchema.optional().default(true),
  })
  // The form sends back fields it read (id, mediaPath...); the path names the record.
  .loose();
export type AnnouncementSave = z.infer<typeof announcementSaveSchema>;

/**
 * GET /announcements/ query: the page params, plus `active=true` from the
 * popover so super users, who see every record on the management page, get
 * only the active ones there too. Non-super users always get active ones only.
 */
export const announcementListQuerySchema = z.object({
  searchParam: z.string().max(200).optional().default(""),
  pageNumber: pageNumberSchema,
  active: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
});

/** POST /announcements/seen: the ids the popover showed the current user. */
export const announcementSeenSchema = z.object({
  ids: z.array(idSchema).max(500),
});

export interface AnnouncementDto {
  id: number;
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A listed announcement, with whether the current user has seen it (the popover's dot). */
export interface AnnouncementListItem extends AnnouncementDto {
  seen: boolean;
}

export interface AnnouncementListResponse {
  records: AnnouncementListItem[];
  count: number;
  hasMore: boolean;
  /** Active announcements the current user has not seen yet, on every page. */
  unseenCount: number;
}

/** POST /announcements/seen answers the count left unseen. */
export interface AnnouncementSeenResponse {
  unseenCount: number;
}
