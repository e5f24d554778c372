/** The tag as the spec's client reads it (business-areas §3 Tag). */
import type { TagDto, TagListItem } from "@balcao/contracts";
import type { tags } from "../../db/schema/index.js";

type TagRow = typeof tags.$inferSelect;

export function presentTag(row: TagRow): TagDto {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    kanban: row.kanban === 1 ? 1 : 0,
    userId: row.userId,
    companyId: row.companyId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentTagWithCount(row: TagRow, ticketsCount: number): TagListItem {
  return { ...presentTag(row), ticketsCount };
}
