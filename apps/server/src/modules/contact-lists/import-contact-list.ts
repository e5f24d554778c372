/**
 * POST /contact-lists/{id}/upload (business-areas §2.10, §7): the request
 * only stores the file (multipart field `file`) and queues this job, so it
 * answers at once; the job reads the sheet, inserts the good rows a batch at a
 * time (one statement each), reports each bad one with its row number and
 * reason, sends its progress and the list's reload over realtime, and queues
 * the number checks in its first batch's transaction.
 *
 * Old binary .xls files (Excel 97-2003) are refused at upload with
 * ERR_XLS_NOT_SUPPORTED: only the .xlsx format is read. A file named .xls
 * that is really .xlsx (as many systems export) is read. An .xlsx whose parts
 * would inflate past spreadsheetLimits is refused at upload by its zip
 * directory; one whose parts lie about their size fails in the job, once.
 * The list keeps its last import's outcome (running, then done or failed with
 * the file's reason and the counts), so it is read after the dialog is gone.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import {
  contactEmailSchema,
  contactListLimits,
  contactNameSchema,
  contactNumberSchema,
  type ContactListImportError,
  type ContactListImportProgress,
  type ErrorCode,
} from "@balcao/contracts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Context } from "../../context.js";
import type { Db } from "../../db/client.js";
import { contactListItems } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { checkSpreadsheet } from "../../media/xlsx-rows.js";
import type { Upload, UploadLimits } from "../../http/uploads.js";
import type { JobDefinition } from "../../jobs/jobs.js";
import type { MediaKind } from "../../media/storage.js";
import { queueNumberChecks } from "./contact-list-items.service.js";
import { loadContactList, recordImport } from "./contact-lists.service.js";
import { readSheet, type Sheet, type SheetRow } from "./read-sheet.js";

const spreadsheetKind: MediaKind = { extensions: [".xlsx"], maxBytes: contactListLimits.importMaxBytes };
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export const contactListUploads: UploadLimits = {
  fileField: "file",
  maxFiles: 1,
  maxBytes: contactListLimits.importMaxBytes,
  fileMaxBytes: ({ filename }) => {
    if (![".xls", ".xlsx"].includes(path.extname(filename).toLowerCase())) throw new AppError("ERR_INVALID_FILE");
    return contactListLimits.importMaxBytes;
  },
};

const payload = z.object({
  companyId: z.number().int().positive(),
  contactListId: z.number().int().positive(),
  mediaPath: z.string().min(1),
});
type Payload = z.infer<typeof payload>;

export const importContactList: JobDefinition<Payload> = {
  name: "import-contact-list",
  payload,
  // Run again after a crash: rows already in the list are then reported as duplicates, none doubled.
  policy: { retryLimit: 2, retryDelay: 5, retryBackoff: false, expireInSeconds: 600 },
  run: runImport,
};

/** The list is checked before the file is read; the file's first bytes say what it is. */
export async function uploadContactList(ctx: Context, companyId: number, contactListId: number, upload: Upload) {
  await loadContactList(ctx, companyId, contactListId);
  return upload(async (form) => {
    const file = form.files[0];
    if (!file) throw new AppError("ERR_INVALID_FILE");
    if (file.head.subarray(0, OLE.length).equals(OLE)) throw new AppError("ERR_XLS_NOT_SUPPORTED");
    if (!file.head.subarray(0, ZIP.length).equals(ZIP)) throw new AppError("ERR_INVALID_FILE");
    // A zip whose parts would inflate past the limits is refused here, before it is kept or queued.
    await checkSpreadsheet(file.path);
    const stored = await ctx.media.keep(companyId, { ...file, filename: "import.xlsx" }, spreadsheetKind);
    await ctx.jobs.send(importContactList, { companyId, contactListId, mediaPath: stored.mediaPath });
    ctx.jobs.wake(importContactList.name);
    return { contactListId, status: "queued" as const };
  });
}

type Parsed = { row: number; name: string; number: string; email: string };

function parseRow(r: SheetRow): Parsed | ContactListImportError {
  const fail = (field: "name" | "number" | "email"): ContactListImportError => ({
    row: r.row,
    name: r.name,
    number: r.number,
    reason: "ERR_VALIDATION",
    field,
  });
  const number = contactNumberSchema.safeParse(r.number);
  if (!number.success) return fail("number");
  // A row without a name is saved under its number, as the contacts import does.
  const name = contactNameSchema.safeParse(r.name || number.data);
  if (!name.success) return fail("name");
  const email = contactEmailSchema.safeParse(r.email);
  if (!email.success) return fail("email");
  return { row: r.row, name: name.data, number: number.data, email: email.data };
}

/** One statement per batch (a JSON parameter expanded by json_to_recordset); a number the list has is skipped. */
async function insertBatch(db: Db, companyId: number, contactListId: number, rows: Parsed[]) {
  const json = JSON.stringify(rows.map(({ name, number, email }) => ({ name, number, email })));
  const result = await db.execute(sql`
    insert into ${contactListItems} (company_id, contact_list_id, name, number, email)
    select ${companyId}, ${contactListId}, r.name, r.number, r.email
    from json_to_recordset(${json}::json) as r(name text, number text, email text)
    on conflict (contact_list_id, number) do nothing
    returning number`);
  return new Set((result as { rows: { number: string }[] }).rows.map((r) => r.number));
}

class ImportReport {
  readonly progress: ContactListImportProgress;
  constructor(contactListId: number, total: number) {
    this.progress = { contactListId, status: "running", total, processed: 0, imported: 0, failed: 0, errors: [] };
  }
  fail(error: ContactListImportError) {
    this.progress.failed++;
    if (this.progress.errors.length < contactListLimits.importErrorsShown) this.progress.errors.push(error);
  }
}

async function importBatch(ctx: Context, data: Payload, batch: SheetRow[], report: ImportReport, first: boolean) {
  const good: Parsed[] = [];
  for (const r of batch) {
    const parsed = parseRow(r);
    if ("reason" in parsed) report.fail(parsed);
    else good.push(parsed);
  }
  await ctx.events.transaction(async (t) => {
    const inserted = good.length ? await insertBatch(t.db, data.companyId, data.contactListId, good) : new Set();
    for (const row of good) {
      // The first row with a number took it; a later one, like one the list already had, is a duplicate.
      if (inserted.delete(row.number)) report.progress.imported++;
      else report.fail({ row: row.row, name: row.name, number: row.number, reason: "ERR_DUPLICATED_CONTACT" });
    }
    if (first) await queueNumberChecks(t, data.companyId, data.contactListId);
  });
  report.progress.processed += batch.length;
  await ctx.events.published("contactList.importProgress", { companyId: data.companyId, progress: report.progress });
}

async function runImport(ctx: Context, data: Payload): Promise<void> {
  const file = ctx.media.resolve(data.mediaPath);
  const list = await loadContactList(ctx, data.companyId, data.contactListId).catch(() => null);
  if (!list) return rm(file, { force: true });
  // Anyone with the lists open (or who opens them later) sees it under way.
  await recordImport(ctx.db, data.companyId, data.contactListId, new ImportReport(data.contactListId, 0).progress);
  await ctx.events.published("contactList.updated", { companyId: data.companyId, contactListId: data.contactListId });
  let sheet: Sheet;
  try {
    sheet = await readSheet(file, contactListLimits.importMaxRows);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // A file the reader refuses fails once, its reason in the report; running again would refuse it again.
    await finish(ctx, data, new ImportReport(data.contactListId, 0), err.code);
    return;
  }
  const { rows } = sheet;
  const report = new ImportReport(data.contactListId, rows.length);
  for (let i = 0; i < rows.length; i += contactListLimits.importBatch)
    await importBatch(ctx, data, rows.slice(i, i + contactListLimits.importBatch), report, i === 0);
  await finish(ctx, data, report, sheet.truncated ? "ERR_FILE_TOO_LARGE" : undefined);
}

/**
 * The list keeps the outcome, reloads (its items, count and outcome), the report goes out, and the file
 * is gone. `error` fails a file that could not be read; with rows read, it says the rows past the cap
 * were left out.
 */
async function finish(ctx: Context, data: Payload, report: ImportReport, error?: ErrorCode) {
  report.progress.status = error && report.progress.total === 0 ? "failed" : "done";
  if (error) report.progress.error = error;
  const { companyId, contactListId } = data;
  await ctx.events.transaction(async (t) => {
    await recordImport(t.db, companyId, contactListId, report.progress);
    t.record("contactList.imported", { companyId, contactListId });
    t.record("contactList.importProgress", { companyId, progress: report.progress });
  });
  await ctx.media.remove(data.mediaPath);
}
