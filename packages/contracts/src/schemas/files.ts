/** File lists (automation-areas §2 "File lists", §3 "File list", §5, §7). */
import { z } from "zod";
import { listQuerySchema } from "../schemas.js";
import { idSchema } from "./ids.js";

/** One option of a list: its name (a text to send with it) and the file uploaded for it, if any. */
export interface FileListOptionDto {
  id: number;
  name: string;
  /** {host}/public/... of the stored file (fetched with the token), or null before its upload. */
  path: string | null;
  /** The file's type as the server found it ("application/pdf"), or null. */
  mediaType: string | null;
  /** The name the file had when it was chosen, for display. */
  mediaName: string | null;
}

export interface FileListDto {
  id: number;
  name: string;
  message: string;
  userId: number | null;
  companyId: number;
  options: FileListOptionDto[];
  createdAt: string;
  updatedAt: string;
}

export interface FileListPage {
  files: FileListDto[];
  hasMore: boolean;
  count: number;
}

export const fileListLimits = {
  nameMin: 3,
  nameMax: 100,
  messageMax: 10_000,
  optionNameMax: 2_000,
  /** Options of one list; all their files fit one upload form (4 parts each, plus fileId and typeArch). */
  optionsMax: 10,
  pageSize: 20,
  /** The files of one upload together (each also within WhatsApp's limit for its kind). */
  uploadMaxBytes: 100 * 1024 * 1024,
} as const;

/**
 * An option as the dialog sends it: `id` for one already saved (absent for a
 * new one). `path` and `mediaType` ride along but only the upload sets them.
 */
const fileListOptionSchema = z
  .object({
    id: idSchema.optional(),
    name: z.string().max(fileListLimits.optionNameMax).default(""),
  })
  .loose();

/**
 * POST and PUT /files (automation-areas §5: name of at least 3 characters,
 * message required). userId and companyId are accepted and ignored: the
 * token says who.
 */
export const fileListSaveSchema = z
  .object({
    name: z.string().trim().min(fileListLimits.nameMin).max(fileListLimits.nameMax),
    message: z.string().trim().min(1).max(fileListLimits.messageMax),
    options: z.array(fileListOptionSchema).max(fileListLimits.optionsMax).default([]),
  })
  .loose();
export type FileListSave = z.infer<typeof fileListSaveSchema>;

/** GET /files/: page params; the campaign modal's companyId is accepted and ignored. */
export const fileListQuerySchema = listQuerySchema.loose();
