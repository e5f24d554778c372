/**
 * File list realtime, driven by the domain events after their commit, on
 * company-{companyId}-file (automation-areas §4): the list in `files` on
 * create and update, its id in `fileId` on delete; the whole company hears it.
 */
import type { Context } from "../../context.js";
import type { DomainEvents } from "../../events/events.js";
import { presentFileList } from "./files.presenter.js";
import { findFileListWithOptions } from "./files.queries.js";

/** One deleted meanwhile has nothing left to show. */
async function publish(
  ctx: Context,
  action: "create" | "update",
  { companyId, fileListId }: DomainEvents["fileList.created"],
) {
  const row = await findFileListWithOptions(ctx.db, companyId, fileListId);
  if (!row) return;
  ctx.realtime.emit("file", { companyId }, { action, files: presentFileList(row) });
}

export function subscribeFileListRealtime(ctx: Context): void {
  ctx.events.on("fileList.created", (e) => publish(ctx, "create", e));
  ctx.events.on("fileList.updated", (e) => publish(ctx, "update", e));
  ctx.events.on("fileList.deleted", (e) =>
    ctx.realtime.emit("file", { companyId: e.companyId }, { action: "delete", fileId: e.fileListId }),
  );
}
