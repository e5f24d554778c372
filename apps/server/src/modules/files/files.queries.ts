/** File list reads, every one scoped by the company. */
import { fileListLimits } from "@balcao/contracts";
import { and, asc, count, eq, ilike, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { fileListOptions, fileLists } from "../../db/schema/index.js";
import { containsPattern } from "../../db/search.js";

export type FileListRow = typeof fileLists.$inferSelect;
export type FileListOptionRow = typeof fileListOptions.$inferSelect;
export type FileListWithOptions = FileListRow & { options: FileListOptionRow[] };

export function findFileList(db: Db | Tx, companyId: number, id: number) {
  return db.query.fileLists.findFirst({ where: and(eq(fileLists.id, id), eq(fileLists.companyId, companyId)) });
}

/** A list's options in the order they were added (the dialog's order). */
export function optionsOf(db: Db | Tx, companyId: number, fileListIds: number[]) {
  if (fileListIds.length === 0) return Promise.resolve([] as FileListOptionRow[]);
  return db
    .select()
    .from(fileListOptions)
    .where(and(eq(fileListOptions.companyId, companyId), inArray(fileListOptions.fileListId, fileListIds)))
    .orderBy(asc(fileListOptions.fileListId), asc(fileListOptions.id));
}

export async function withOptions(db: Db | Tx, companyId: number, rows: FileListRow[]): Promise<FileListWithOptions[]> {
  const options = await optionsOf(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, options: options.filter((o) => o.fileListId === row.id) }));
}

export async function findFileListWithOptions(db: Db | Tx, companyId: number, id: number) {
  const row = await findFileList(db, companyId, id);
  return row ? (await withOptions(db, companyId, [row]))[0] : undefined;
}

/** One page of the /files list, by name, searched in the name. */
export async function pageOfFileLists(db: Db, companyId: number, searchParam: string, pageNumber: number) {
  const mine = eq(fileLists.companyId, companyId);
  const where = searchParam ? and(mine, ilike(fileLists.name, containsPattern(searchParam))) : mine;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(fileLists)
      .where(where)
      .orderBy(asc(fileLists.name), asc(fileLists.id))
      .limit(fileListLimits.pageSize)
      .offset((pageNumber - 1) * fileListLimits.pageSize),
    db.select({ n: count() }).from(fileLists).where(where),
  ]);
  return { rows: await withOptions(db, companyId, rows), count: total?.n ?? 0 };
}
