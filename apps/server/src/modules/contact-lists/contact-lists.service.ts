/**
 * Contact lists (business-areas §2.9): the only writer of contact_lists. A
 * list's items go with it (ON DELETE CASCADE). Changes are recorded as
 * contactList.* events; contact-lists.subscribers.ts publishes them.
 */
import {
  contactListLimits,
  type ContactListDto,
  type ContactListImportProgress,
  type ContactListSave,
} from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { Db } from "../../db/client.js";
import { contactLists } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { presentContactList } from "./contact-lists.presenter.js";
import { findList, itemsCountByList, pageOfLists } from "./contact-lists.queries.js";

type ListRow = typeof contactLists.$inferSelect;

export async function withCounts(
  ctx: Pick<Context, "db">,
  companyId: number,
  rows: ListRow[],
): Promise<ContactListDto[]> {
  const counts = await itemsCountByList(
    ctx.db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentContactList(r, counts.get(r.id) ?? 0));
}

export async function listContactListsPage(ctx: Context, companyId: number, searchParam: string, pageNumber: number) {
  const { rows, count } = await pageOfLists(ctx.db, companyId, searchParam.trim(), pageNumber);
  const records = await withCounts(ctx, companyId, rows);
  return { records, count, hasMore: count > (pageNumber - 1) * contactListLimits.pageSize + rows.length };
}

/** Another company's list answers 404 as if it did not exist. */
export async function loadContactList(ctx: Pick<Context, "db">, companyId: number, id: number): Promise<ListRow> {
  const list = await findList(ctx.db, companyId, id);
  if (!list) throw new AppError("ERR_NOT_FOUND");
  return list;
}

export async function showContactList(ctx: Context, companyId: number, id: number): Promise<ContactListDto> {
  const [list] = await withCounts(ctx, companyId, [await loadContactList(ctx, companyId, id)]);
  return list!;
}

export async function createContactList(ctx: Context, companyId: number, input: ContactListSave) {
  const [row] = await ctx.db.insert(contactLists).values({ companyId, name: input.name }).returning();
  await ctx.events.published("contactList.created", { companyId, contactListId: row!.id });
  return presentContactList(row!, 0);
}

export async function updateContactList(ctx: Context, companyId: number, id: number, input: ContactListSave) {
  await loadContactList(ctx, companyId, id);
  const [row] = await ctx.db
    .update(contactLists)
    .set({ name: input.name, updatedAt: new Date() })
    .where(and(eq(contactLists.id, id), eq(contactLists.companyId, companyId)))
    .returning();
  await ctx.events.published("contactList.updated", { companyId, contactListId: id });
  const [list] = await withCounts(ctx, companyId, [row!]);
  return list!;
}

export async function deleteContactList(ctx: Context, companyId: number, id: number): Promise<void> {
  await loadContactList(ctx, companyId, id);
  await ctx.db.delete(contactLists).where(and(eq(contactLists.id, id), eq(contactLists.companyId, companyId)));
  await ctx.events.published("contactList.deleted", { companyId, contactListId: id });
}

/**
 * The list's last import, as its job goes: "running" when it starts, the outcome on the transaction that
 * finishes it. A list deleted meanwhile has nothing to update.
 */
export async function recordImport(db: Db, companyId: number, id: number, progress: ContactListImportProgress) {
  await db
    .update(contactLists)
    .set({
      importStatus: progress.status,
      importError: progress.error ?? null,
      importTotal: progress.total,
      importImported: progress.imported,
      importFailed: progress.failed,
      importFinishedAt: progress.status === "running" ? null : new Date(),
    })
    .where(and(eq(contactLists.id, id), eq(contactLists.companyId, companyId)));
}
