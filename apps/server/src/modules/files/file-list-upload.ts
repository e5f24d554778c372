/**
 * POST /files/uploadList/{fileId} (automation-areas §7): after a save, the
 * dialog sends the file of each option that has one, as repeated parts
 * `files`, `mediaType`, `name`, `id` (fileId and typeArch=fileList ride
 * along). The n-th file belongs to the n-th `id`, an option of this list.
 * The files go out later as WhatsApp messages (campaigns, flows), so each
 * passes the rules of a file an agent sends (type by name and first bytes,
 * WhatsApp's limit for its kind); every file is checked before any is kept,
 * and a refused upload stores nothing and keeps the options' old files.
 */
import { fileListLimits, type FileListDto } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { fileListOptions, fileLists } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { Upload, UploadForm, UploadLimits } from "../../http/uploads.js";
import type { StoredMedia } from "../../media/storage.js";
import { fileCap, prepareFile, storageKind, type PreparedFile } from "../messages/outbound-media.js";
import { presentFileList } from "./files.presenter.js";
import { findFileListWithOptions, type FileListOptionRow } from "./files.queries.js";
import { loadFileList } from "./files.service.js";

/** Per option: files, mediaType, name, id; then fileId and typeArch. */
const partsPerOption = 4;

export const fileListUploads: UploadLimits = {
  fileField: "files",
  maxFiles: fileListLimits.optionsMax,
  maxBytes: fileListLimits.uploadMaxBytes,
  fileMaxBytes: (file) => Math.min(fileCap(file), fileListLimits.uploadMaxBytes),
  maxParts: fileListLimits.optionsMax * partsPerOption + 2,
};

/** Each file with the option it is for; an id that is not an option of the list is refused. */
function pairs(form: UploadForm, options: FileListOptionRow[]) {
  const ids = form.fields.filter((f) => f.name === "id").map((f) => Number(f.value));
  if (form.files.length === 0 || ids.length !== form.files.length)
    throw new AppError("ERR_VALIDATION", { field: "id" });
  if (new Set(ids).size !== ids.length) throw new AppError("ERR_VALIDATION", { field: "id" });
  return form.files.map((file, i) => {
    const option = options.find((o) => o.id === ids[i]);
    if (!option) throw new AppError("ERR_VALIDATION", { field: "id" });
    return { file, option };
  });
}

interface Placed {
  option: FileListOptionRow;
  prepared: PreparedFile;
  stored?: StoredMedia;
}

async function keepAll(ctx: Context, companyId: number, placed: Placed[]) {
  try {
    for (const p of placed) {
      p.stored = await ctx.media.keep(
        companyId,
        { ...p.prepared, filename: p.prepared.fileName },
        storageKind(p.prepared),
      );
    }
  } catch (err) {
    await Promise.all(placed.map((p) => ctx.media.remove(p.stored?.mediaPath)));
    throw err;
  }
}

async function record(ctx: Context, companyId: number, fileListId: number, placed: Placed[]) {
  return ctx.events.transaction(async (e) => {
    // Locks the list: one deleted meanwhile stops here, and leaves its files to the caller to remove.
    const [list] = await e.db
      .update(fileLists)
      .set({ updatedAt: new Date() })
      .where(and(eq(fileLists.id, fileListId), eq(fileLists.companyId, companyId)))
      .returning();
    if (!list) throw new AppError("ERR_NOT_FOUND");
    for (const { option, prepared, stored } of placed) {
      const [row] = await e.db
        .update(fileListOptions)
        .set({
          path: stored!.mediaPath,
          mediaName: stored!.mediaName,
          mediaType: prepared.mimetype,
          updatedAt: new Date(),
        })
        .where(and(eq(fileListOptions.id, option.id), eq(fileListOptions.companyId, companyId)))
        .returning();
      if (!row) throw new AppError("ERR_NOT_FOUND");
    }
    e.record("fileList.updated", { companyId, fileListId });
    return presentFileList((await findFileListWithOptions(e.db, companyId, fileListId))!);
  });
}

/** The list is checked (it exists for the caller's company) before the form is read. */
export async function uploadFileListFiles(
  ctx: Context,
  companyId: number,
  fileListId: number,
  upload: Upload,
): Promise<FileListDto> {
  const list = await loadFileList(ctx, companyId, fileListId);
  return upload(async (form) => {
    const placed: Placed[] = [];
    for (const { file, option } of pairs(form, list.options)) {
      placed.push({ option, prepared: await prepareFile(ctx, file, form.derived) });
    }
    await keepAll(ctx, companyId, placed);
    const saved = await record(ctx, companyId, fileListId, placed).catch(async (err: unknown) => {
      await Promise.all(placed.map((p) => ctx.media.remove(p.stored?.mediaPath)));
      throw err;
    });
    // The replaced files, once their options point at the new ones.
    await Promise.all(placed.map((p) => ctx.media.remove(p.option.path)));
    return saved;
  });
}
