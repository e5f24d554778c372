/**
 * Every multipart route reads its form through here (issue 10 item 5). The
 * service first checks what the upload is for (the ticket, the quick
 * message…), so a refused request is answered before its body is read; then
 * the files stream to disk under the route's caps on the bytes of all its
 * files, each file's own cap (its kind's limit), and the number of parts.
 * A user has at most mediaLimits.uploadsPerUser uploads under way at once.
 * What the service does not keep is removed from disk when it is done,
 * refused or not. A company's media stays within its plan's storage: a
 * declared length past the room left is refused unread, and the files read
 * are weighed again before the service sees them (ERR_PLAN_LIMIT_REACHED).
 * Only people's uploads are refused: customers' media and what bots and
 * integrations send count, but are kept whatever the room (a customer's
 * message is never lost).
 */
import { mediaLimits } from "@balcao/contracts";
import type { FastifyRequest } from "fastify";
import type { Context } from "../context.js";
import type { ReceivedFile } from "../media/incoming.js";
import { AppError } from "./errors.js";
import { isStorableText } from "../db/storable.js";
import { assertStorageRoom } from "../modules/plans/plan-gate.js";

export interface UploadLimits {
  /** The form field that carries the files ("medias", "file"). */
  fileField: string;
  maxFiles: number;
  /** The bytes of all the files together. */
  maxBytes: number;
  /** One file's cap by its name and type; throws (ERR_INVALID_FILE) for a kind the route never takes. */
  fileMaxBytes(file: { filename: string; mimetype: string }): number;
  /** Files and fields together, when a form carries more than mediaLimits.formPartsMax (a field per file or more). */
  maxParts?: number;
  /** The files go to the platform-wide folder (announcements), which no company's storage counts. */
  shared?: true;
}

/** Whose upload it is: whose uploads under way are counted together, and whose storage it takes. */
export interface Uploader {
  /** "user:<id>", "api:<connection id>". */
  key: string;
  companyId: number;
}

export interface UploadedFile extends ReceivedFile {
  filename: string;
  mimetype: string;
}

export interface UploadForm {
  /** The files, in the order sent. */
  files: UploadedFile[];
  /** The text fields, in the order sent (a message form repeats `body`). */
  fields: { name: string; value: string }[];
  /** Files made from the upload (a converted voice note): removed with it unless kept. */
  derived: { path: string }[];
}

/** Reads the request's form for `use`, and cleans up after it. */
export type Upload = <T>(use: (form: UploadForm) => Promise<T>) => Promise<T>;

/** Uploads under way per server and uploader (a user, an API connection). */
const underWay = new WeakMap<Context, Map<string, number>>();

function takeSlot(ctx: Context, uploader: string): () => void {
  const counts = underWay.get(ctx) ?? new Map<string, number>();
  underWay.set(ctx, counts);
  const running = counts.get(uploader) ?? 0;
  if (running >= mediaLimits.uploadsPerUser) throw new AppError("ERR_TOO_MANY_UPLOADS");
  counts.set(uploader, running + 1);
  return () => {
    const left = (counts.get(uploader) ?? 1) - 1;
    if (left > 0) counts.set(uploader, left);
    else counts.delete(uploader);
  };
}

/** The most a form within the limits can weigh besides its files: its fields and their headers. */
const formOverhead = (parts: number) => parts * (mediaLimits.formFieldMaxBytes + 1024);
const partsOf = (limits: UploadLimits) => limits.maxParts ?? mediaLimits.formPartsMax;

const partLimitCodes = new Set(["FST_PARTS_LIMIT", "FST_FILES_LIMIT", "FST_FIELDS_LIMIT"]);

/** What busboy throws for a form it cannot read: no boundary, or a body that ends mid-form. */
const malformedForm = /boundary not found|boundary required|unexpected end of multipart data/i;

/** A refusal of the form itself becomes a catalogue code; anything else is a real fault. */
function formError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const { code, message } = err as { code?: string; message?: string };
  if (partLimitCodes.has(code ?? "")) return new AppError("ERR_TOO_MANY_PARTS");
  if (malformedForm.test(message ?? "")) return new AppError("ERR_VALIDATION", { form: "malformed" });
  return err;
}

/** A field's name and text, or a file's name, that cannot be stored is refused like any request's (input-guard.ts). */
function assertStorable(field: string, ...texts: string[]) {
  if (![field, ...texts].every(isStorableText)) throw new AppError("ERR_VALIDATION", { field });
}

async function readForm(req: FastifyRequest, ctx: Context, limits: UploadLimits, form: UploadForm) {
  try {
    await readParts(req, ctx, limits, form);
  } catch (err) {
    throw formError(err);
  }
}

async function readParts(req: FastifyRequest, ctx: Context, limits: UploadLimits, form: UploadForm) {
  let bytes = 0;
  const parts = req.parts({
    limits: {
      files: limits.maxFiles,
      parts: partsOf(limits),
      fieldSize: mediaLimits.formFieldMaxBytes,
      // Our own count stops every file first (its cap is at most maxBytes); this only keeps busboy from doing more.
      fileSize: limits.maxBytes + 1,
    },
  });
  for await (const part of parts) {
    if (part.type === "field") {
      if (part.valueTruncated) throw new AppError("ERR_PAYLOAD_TOO_LARGE", { field: part.fieldname });
      assertStorable(part.fieldname, String(part.value));
      form.fields.push({ name: part.fieldname, value: String(part.value) });
      continue;
    }
    if (part.fieldname !== limits.fileField) throw new AppError("ERR_VALIDATION", { field: part.fieldname });
    assertStorable(part.fieldname, part.filename, part.mimetype);
    const own = limits.fileMaxBytes(part);
    const room = limits.maxBytes - bytes;
    const received = await ctx.media.receive(
      part.file,
      Math.min(own, room),
      own <= room ? "ERR_FILE_TOO_LARGE" : "ERR_PAYLOAD_TOO_LARGE",
    );
    bytes += received.size;
    form.files.push({ ...received, filename: part.filename, mimetype: part.mimetype });
  }
}

/**
 * The request's form, read only when the returned Upload is called. A
 * declared length past what the route can take, or past the company's
 * storage left, is refused unread; `uploader` is the signed-in user unless given.
 */
export function uploadOf(
  req: FastifyRequest,
  ctx: Context,
  limits: UploadLimits,
  uploader: Uploader = { key: `user:${req.auth.id}`, companyId: req.auth.companyId },
): Upload {
  const storageRoom = (bytes: number) =>
    limits.shared ? Promise.resolve() : assertStorageRoom(ctx.db, uploader.companyId, bytes);
  return async (use) => {
    if (!req.isMultipart()) throw new AppError("ERR_INVALID_FILE");
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limits.maxBytes + formOverhead(partsOf(limits))) throw new AppError("ERR_PAYLOAD_TOO_LARGE");
    await storageRoom(declared);
    const release = takeSlot(ctx, uploader.key);
    const form: UploadForm = { files: [], fields: [], derived: [] };
    try {
      await readForm(req, ctx, limits, form);
      // Uploads under way at once may each have fitted at the door; the bytes read are what count.
      await storageRoom(form.files.reduce((sum, f) => sum + f.size, 0));
      return await use(form);
    } finally {
      release();
      await ctx.media.discard([...form.files, ...form.derived]);
    }
  };
}
