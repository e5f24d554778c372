/**
 * File lists (automation-areas "File lists"): the only writer of the
 * file_lists and file_list_options tables. A save carries the list's options
 * in the dialog's order: one with an id keeps its file and takes the new
 * name, one without is added, one left out goes (its file with it). Files
 * arrive afterwards through the upload (file-list-upload.ts). Changes are
 * recorded as fileList.* events (files.subscribers.ts publishes them).
 */
import { fileListLimits, type FileListDto, type FileListPage, type FileListSave } from "@balcao/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { Tx } from "../../db/client.js";
import { fileListOptions, fileLists } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { AccessClaims } from "../auth/tokens.js";
import { presentFileList } from "./files.presenter.js";
import {
  findFileList,
  findFileListWithOptions,
  optionsOf,
  pageOfFileLists,
  type FileListOptionRow,
  type FileListWithOptions,
} from "./files.queries.js";

export async function listFileListsPage(
  ctx: Context,
  companyId: number,
  searchParam: string,
  pageNumber: number,
): Promise<FileListPage> {
  const { rows, count } = await pageOfFileLists(ctx.db, companyId, searchParam.trim(), pageNumber);
  const hasMore = count > (pageNumber - 1) * fileListLimits.pageSize + rows.length;
  return { files: rows.map(presentFileList), count, hasMore };
}

/** Another company's list answers 404 as if it did not exist. */
export async function loadFileList(ctx: Context, companyId: number, id: number): Promise<FileListWithOptions> {
  const row = await findFileListWithOptions(ctx.db, companyId, id);
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return row;
}

async function presentSaved(tx: Tx, companyId: number, id: number): Promise<FileListDto> {
  return presentFileList((await findFileListWithOptions(tx, companyId, id))!);
}

/**
 * Brings the list's options to what the dialog sent; answers the stored
 * files of the options that went, to remove once the change committed.
 */
async function saveOptions(tx: Tx, companyId: number, fileListId: number, input: FileListSave["options"]) {
  const current = await optionsOf(tx, companyId, [fileListId]);
  const byId = new Map(current.map((o) => [o.id, o]));
  for (const option of input) {
    if (option.id !== undefined && !byId.has(option.id)) throw new AppError("ERR_VALIDATION", { field: "options.id" });
  }
  const kept = new Set(input.flatMap((o) => (o.id === undefined ? [] : [o.id])));
  const gone = current.filter((o) => !kept.has(o.id));
  if (gone.length) {
    await tx.delete(fileListOptions).where(
      and(
        eq(fileListOptions.companyId, companyId),
        inArray(
          fileListOptions.id,
          gone.map((o) => o.id),
        ),
      ),
    );
  }
  // In the dialog's order: a new option's id is larger than every kept one, as it comes after them.
  for (const option of input) {
    if (option.id === undefined) {
      await tx.insert(fileListOptions).values({ companyId, fileListId, name: option.name });
    } else if (byId.get(option.id)!.name !== option.name) {
      await tx
        .update(fileListOptions)
        .set({ name: option.name, updatedAt: new Date() })
        .where(and(eq(fileListOptions.id, option.id), eq(fileListOptions.companyId, companyId)));
    }
  }
  return gone;
}

async function removeFiles(ctx: Context, options: FileListOptionRow[]) {
  await Promise.all(options.map((o) => ctx.media.remove(o.path)));
}

export async function createFileList(ctx: Context, who: AccessClaims, input: FileListSave): Promise<FileListDto> {
  const { companyId } = who;
  return ctx.events.transaction(async (e) => {
    const [row] = await e.db
      .insert(fileLists)
      .values({ companyId, userId: who.id, name: input.name, message: input.message })
      .returning();
    await saveOptions(e.db, companyId, row!.id, input.options);
    e.record("fileList.created", { companyId, fileListId: row!.id });
    return presentSaved(e.db, companyId, row!.id);
  });
}

export async function updateFileList(
  ctx: Context,
  who: AccessClaims,
  id: number,
  input: FileListSave,
): Promise<FileListDto> {
  const { companyId } = who;
  const { saved, gone } = await ctx.events.transaction(async (e) => {
    const [row] = await e.db
      .update(fileLists)
      .set({ name: input.name, message: input.message, updatedAt: new Date() })
      .where(and(eq(fileLists.id, id), eq(fileLists.companyId, companyId)))
      .returning();
    if (!row) throw new AppError("ERR_NOT_FOUND");
    const removed = await saveOptions(e.db, companyId, id, input.options);
    e.record("fileList.updated", { companyId, fileListId: id });
    return { saved: await presentSaved(e.db, companyId, id), gone: removed };
  });
  await removeFiles(ctx, gone);
  return saved;
}

/** Its options and their files go with it. */
export async function deleteFileList(ctx: Context, companyId: number, id: number): Promise<void> {
  if (!(await findFileList(ctx.db, companyId, id))) throw new AppError("ERR_NOT_FOUND");
  const gone = await ctx.events.transaction(async (e) => {
    const options = await optionsOf(e.db, companyId, [id]);
    await e.db.delete(fileLists).where(and(eq(fileLists.id, id), eq(fileLists.companyId, companyId)));
    e.record("fileList.deleted", { companyId, fileListId: id });
    return options;
  });
  await removeFiles(ctx, gone);
}
