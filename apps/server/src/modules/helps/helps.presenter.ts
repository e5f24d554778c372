/**
 * The help as the spec's client reads it (core-platform §3 Help). The spec
 * leaves the list shapes open; they are:
 * - GET /helps (searchParam, pageNumber): {helps: HelpDto[], count, hasMore}, 20 a page, by title;
 * - GET /helps/list: HelpDto[], every help by title (the help videos page);
 * - POST /helps, PUT /helps/{id}: one HelpDto; DELETE: {message}.
 */
import type { HelpDto } from "@balcao/contracts";
import type { helps } from "../../db/schema/index.js";

export function presentHelp(row: typeof helps.$inferSelect): HelpDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    video: row.video,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
