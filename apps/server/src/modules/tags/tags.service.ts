/**
 * Tags (business-areas §2.5, §4 "Tag and kanban"): the only writer of the tags
 * table. Names are unique per company ignoring case (the tags_company_name_uq
 * index answers ERR_DUPLICATED_TAG); only admins and supervisors set the
 * kanban flag. Changes are recorded as tag.* events (tags.subscribers.ts
 * publishes them).
 */
import { canSetKanban, defaultTagColor, tagLimits, type TagListItem, type TagSave } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { tags } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { AccessClaims } from "../auth/tokens.js";
import { presentTagWithCount } from "./tags.presenter.js";
import { findTag, pageOfTags, ticketsCountByTag } from "./tags.queries.js";

type TagRow = typeof tags.$inferSelect;

export async function withCounts(ctx: Pick<Context, "db">, companyId: number, rows: TagRow[]): Promise<TagListItem[]> {
  const counts = await ticketsCountByTag(
    ctx.db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentTagWithCount(r, counts.get(r.id) ?? 0));
}

export async function listTagsPage(ctx: Context, companyId: number, searchParam: string, pageNumber: number) {
  const { rows, count } = await pageOfTags(ctx.db, companyId, searchParam.trim(), pageNumber);
  const tagsPage = await withCounts(ctx, companyId, rows);
  return { tags: tagsPage, count, hasMore: count > (pageNumber - 1) * tagLimits.pageSize + rows.length };
}

/** Another company's tag answers 404 as if it did not exist. */
async function loadTag(ctx: Context, companyId: number, id: number): Promise<TagRow> {
  const tag = await findTag(ctx.db, companyId, id);
  if (!tag) throw new AppError("ERR_NOT_FOUND");
  return tag;
}

export async function showTag(ctx: Context, companyId: number, id: number): Promise<TagListItem> {
  const [tag] = await withCounts(ctx, companyId, [await loadTag(ctx, companyId, id)]);
  return tag!;
}

/** A user without the right may save a tag, but not turn its kanban flag on or off. */
function assertKanbanAllowed(who: AccessClaims, wanted: 0 | 1 | undefined, current: number) {
  if (wanted === undefined || wanted === current) return;
  if (!who.super && !canSetKanban(who.profile)) throw new AppError("ERR_NO_PERMISSION");
}

export async function createTag(ctx: Context, who: AccessClaims, input: TagSave): Promise<TagListItem> {
  assertKanbanAllowed(who, input.kanban, 0);
  const [row] = await ctx.db
    .insert(tags)
    .values({
      companyId: who.companyId,
      name: input.name,
      color: input.color ?? defaultTagColor,
      kanban: input.kanban ?? 0,
      userId: who.id,
    })
    .returning();
  await ctx.events.published("tag.created", { companyId: who.companyId, tagId: row!.id });
  return presentTagWithCount(row!, 0);
}

export async function updateTag(ctx: Context, who: AccessClaims, id: number, input: TagSave): Promise<TagListItem> {
  const current = await loadTag(ctx, who.companyId, id);
  assertKanbanAllowed(who, input.kanban, current.kanban);
  const [row] = await ctx.db
    .update(tags)
    .set({
      name: input.name,
      ...(input.color ? { color: input.color } : {}),
      ...(input.kanban !== undefined ? { kanban: input.kanban } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(tags.id, id), eq(tags.companyId, who.companyId)))
    .returning();
  await ctx.events.published("tag.updated", { companyId: who.companyId, tagId: id });
  const [tag] = await withCounts(ctx, who.companyId, [row!]);
  return tag!;
}

/** The tag leaves its tickets too: the tickets issue's ticket_tags rows reference it ON DELETE CASCADE. */
export async function deleteTag(ctx: Context, companyId: number, id: number): Promise<void> {
  await loadTag(ctx, companyId, id);
  await ctx.db.delete(tags).where(and(eq(tags.id, id), eq(tags.companyId, companyId)));
  await ctx.events.published("tag.deleted", { companyId, tagId: id });
}
