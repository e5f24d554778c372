/**
 * Contact lists and their items (business-areas §2.9, §2.10, §3 "Contact
 * list", "Contact list item", §5, §7): what the list and item modals send, the
 * pages read, and what a spreadsheet import reports over realtime.
 */
import { z } from "zod";
import { limits } from "../constants.js";
import { listQuerySchema } from "../schemas.js";
import { idSchema } from "./ids.js";
import { contactEmailSchema, contactNameSchema, contactNumberSchema } from "./contacts.js";

export const contactListLimits = {
  pageSize: 20,
  itemsPageSize: 40,
  /** A spreadsheet upload's cap: 10,000 rows of name, number and email weigh well under 1 MB. */
  importMaxBytes: 10 * 1024 * 1024,
  importMaxRows: 50_000,
  /** Rows inserted per statement while importing. */
  importBatch: 1000,
  importErrorsShown: 500,
  /**
   * One WhatsApp number check every checkPaceMs (WhatsApp blocks numbers that look numbers up in bursts),
   * where the connection's driver asks WhatsApp (WhatsApp Web); the Cloud API's check is local, not paced.
   */
  checkPaceMs: 250,
  /** Checks per job run; the next run is queued for the rest, so a restart resumes where it stopped. */
  checkBatch: 40,
  /** Checks per run where the check asks nobody (the Cloud API's): not paced, the next run due at once. */
  checkLocalBatch: 500,
  /** A company without a running default connection: its lists look again this much later. */
  checkWaitForConnectionMs: 5 * 60_000,
} as const;

/** The sample spreadsheet's header row (read like the contacts import: case, accents and spaces ignored). */
export const contactListSampleHeaders = ["Nome", "Numero", "Email"] as const;

export const contactListSaveSchema = z
  .object({ name: z.string().trim().min(limits.nameMin).max(limits.nameMax) })
  .loose();
export type ContactListSave = z.infer<typeof contactListSaveSchema>;

/** companyId is sent by the client and ignored: the company comes from the token. */
export const contactListItemSaveSchema = z
  .object({
    name: contactNameSchema,
    number: contactNumberSchema,
    email: contactEmailSchema,
    contactListId: idSchema,
  })
  .loose();
export type ContactListItemSave = z.infer<typeof contactListItemSaveSchema>;

/** GET /contact-list-items: the page params and the list. */
export const contactListItemsQuerySchema = listQuerySchema.extend({ contactListId: idSchema });

/**
 * What the list's last spreadsheet import came to (ours, beside the spec's fields), kept on the list so
 * whoever opens it later reads it: status, the file's error (as ContactListImportProgress.error), the
 * counts, and when it ended (null while running).
 */
export interface ContactListImportOutcome {
  status: ContactListImportProgress["status"];
  error: string | null;
  total: number;
  imported: number;
  failed: number;
  finishedAt: string | null;
}

export interface ContactListDto {
  id: number;
  name: string;
  companyId: number;
  contactsCount: number;
  createdAt: string;
  updatedAt: string;
  /** null: no spreadsheet imported into it yet. */
  lastImport: ContactListImportOutcome | null;
}

export interface ContactListItemDto {
  id: number;
  name: string;
  number: string;
  email: string;
  /** null until the number has been checked against WhatsApp. */
  isWhatsappValid: boolean | null;
  companyId: number;
  contactListId: number;
  createdAt: string;
  updatedAt: string;
}

export interface ContactListPage {
  records: ContactListDto[];
  hasMore: boolean;
  count: number;
}

export interface ContactListItemPage {
  contacts: ContactListItemDto[];
  hasMore: boolean;
  count: number;
}

/** A row the import could not take: its row number in the sheet (1 is the header) and why. */
export interface ContactListImportError {
  row: number;
  name: string;
  number: string;
  /** ERR_VALIDATION (with field) or ERR_DUPLICATED_CONTACT. */
  reason: "ERR_VALIDATION" | "ERR_DUPLICATED_CONTACT";
  field?: "name" | "number" | "email";
}

/** The import's progress, sent as it goes and once more at the end (status done or failed). */
export interface ContactListImportProgress {
  contactListId: number;
  status: "running" | "done" | "failed";
  /** Data rows in the sheet (blank lines left out) and how many were read so far. */
  total: number;
  processed: number;
  imported: number;
  /** Rows refused; `errors` lists the first importErrorsShown of them. */
  failed: number;
  errors: ContactListImportError[];
  /**
   * Why the whole file failed (status failed): ERR_INVALID_FILE for a file that is not a readable sheet
   * within the spreadsheet limits. With status done, ERR_FILE_TOO_LARGE: the rows past importMaxRows were not read.
   */
  error?: string;
}
