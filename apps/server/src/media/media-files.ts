/**
 * The ledger of kept files (db/schema/media.ts media_files): what each company's media
 * weighs, read from the rows its files left, never by walking its folder.
 */
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { companies, mediaFiles } from "../db/schema/index.js";

/** The bytes of media a company keeps. */
export async function usedBytes(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${mediaFiles.bytes}), 0)` })
    .from(mediaFiles)
    .where(eq(mediaFiles.companyId, companyId));
  return Number(row?.bytes ?? 0);
}

/** The same for several companies at once (a page of the super user's list). */
export async function usedBytesByCompany(db: Db, companyIds: number[]): Promise<Map<number, number>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select({ companyId: mediaFiles.companyId, bytes: sql<string>`sum(${mediaFiles.bytes})` })
    .from(mediaFiles)
    .where(inArray(mediaFiles.companyId, companyIds))
    .groupBy(mediaFiles.companyId);
  return new Map(rows.map((r) => [r.companyId, Number(r.bytes)]));
}

const batchSize = 500;

async function filesOf(folder: string, companyId: number) {
  const names = await readdir(folder).catch(() => [] as string[]);
  const files: (typeof mediaFiles.$inferInsert)[] = [];
  for (const name of names) {
    const info = await stat(path.join(folder, name)).catch(() => null);
    if (info?.isFile()) {
      files.push({ path: `${companyId}/${name}`, companyId, bytes: info.size, createdAt: info.mtime });
    }
  }
  return files;
}

/**
 * Files kept before the ledger existed (an installation from before issue 29) are counted once,
 * when it is still empty: each company folder's files, dated by their modification time. A
 * folder whose company is gone is left alone. Run twice (two nodes starting), it counts nothing twice.
 */
export async function countFilesOnDisk(db: Db, root: string): Promise<number> {
  if (await db.query.mediaFiles.findFirst({ columns: { path: true } })) return 0;
  const existing = await db.select({ id: companies.id }).from(companies);
  let counted = 0;
  for (const { id } of existing) {
    const files = await filesOf(path.join(root, String(id)), id);
    for (let i = 0; i < files.length; i += batchSize) {
      await db
        .insert(mediaFiles)
        .values(files.slice(i, i + batchSize))
        .onConflictDoNothing();
    }
    counted += files.length;
  }
  return counted;
}
