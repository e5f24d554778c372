/**
 * Tags (business-areas §2.5, §3 Tag, §5 Tag): what the tag modal sends and the
 * tags page reads, validated alike by the server and the form.
 */
import { z } from "zod";

export const tagLimits = { nameMin: 3, nameMax: 50, pageSize: 20 } as const;

/** The colour the table gives a tag created without one (the ticket tag autocomplete sends only a name). */
export const defaultTagColor = "#a4cccc";

/** '#' followed by 3 or 6 hex digits: the picker has no transparency, so no alpha digits. */
export const tagColorSchema = z
  .string()
  .trim()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/)
  .transform((v) => v.toLowerCase());

/** 0 or 1 as the spec stores it; a boolean from a switch is accepted too. */
const kanbanSchema = z
  .union([z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.boolean()])
  .transform((v) => (v === true || v === 1 || v === "1" ? 1 : 0));

export const tagSaveSchema = z
  .object({
    name: z.string().trim().min(tagLimits.nameMin).max(tagLimits.nameMax),
    color: tagColorSchema.optional(),
    kanban: kanbanSchema.optional(),
    // The client sends userId; the owner is the signed-in user, so it is accepted and ignored.
  })
  .loose();
export type TagSave = z.infer<typeof tagSaveSchema>;

/** The 'Kanban' switch is shown to, and its value accepted from, these profiles only (§6). */
export function canSetKanban(profile: string | undefined): boolean {
  return profile === "admin" || profile === "supervisor";
}

export interface TagDto {
  id: number;
  name: string;
  color: string;
  kanban: 0 | 1;
  userId: number | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

export interface TagListItem extends TagDto {
  ticketsCount: number;
}

export interface TagListResponse {
  tags: TagListItem[];
  hasMore: boolean;
  count: number;
}
