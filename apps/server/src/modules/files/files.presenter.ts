/** The file list as the spec's client reads it (automation-areas §3 "File list"). */
import type { FileListDto, FileListOptionDto } from "@balcao/contracts";
import { mediaUrlOf } from "../messages/messages.presenter.js";
import type { FileListOptionRow, FileListWithOptions } from "./files.queries.js";

export function presentFileListOption(row: FileListOptionRow): FileListOptionDto {
  return {
    id: row.id,
    name: row.name,
    // The media route's path, which the client fetches with the token.
    path: mediaUrlOf(row.path),
    mediaType: row.mediaType,
    mediaName: row.mediaName,
  };
}

export function presentFileList(row: FileListWithOptions): FileListDto {
  return {
    id: row.id,
    name: row.name,
    message: row.message,
    userId: row.userId,
    companyId: row.companyId,
    options: row.options.map(presentFileListOption),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
