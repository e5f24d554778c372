/**
 * Flow media (automation-areas §7 "Flow media", §5 limits; issue 18 item 2): POST /flowbuilder/img,
 * /flowbuilder/audio (the video block's too) and /flowbuilder/content, multipart `medias` (the
 * files), `body` (their names) and `fromMe`. Each file is checked by name, size and first bytes
 * (image png/jpg/jpeg ≤ 2 MB; audio ogg/mp3 ≤ 5 MB, the content block's also opus; video mp4
 * ≤ 20 MB) before any is kept, and stored in the company's media as "<companyId>/<random>.<ext>":
 * the name a node's `url` (or a content item's `value`) holds, which the cards fetch signed in at
 * GET /public/{name} (media/media.routes.ts) and the graph checks on save (flow-graph.ts).
 */
import path from "node:path";
import { flowLimits, flowMediaFormats } from "@balcao/contracts";
import type { Context } from "../../context.js";
import { AppError } from "../../http/errors.js";
import type { Upload, UploadedFile, UploadLimits } from "../../http/uploads.js";
import type { StoredMedia } from "../../media/storage.js";
import { hasOwnSignature } from "../messages/outbound-media.js";

const MB = 1024 * 1024;

/** Extension (without the dot) → the most bytes a file of it may have, per route. */
type Caps = Record<string, number>;

const imageCaps: Caps = Object.fromEntries(flowMediaFormats.img.map((ext) => [ext, flowLimits.imageBytes]));
const videoCaps: Caps = Object.fromEntries(flowMediaFormats.video.map((ext) => [ext, flowLimits.videoBytes]));
const audioCaps = (formats: readonly string[]): Caps =>
  Object.fromEntries(formats.map((ext) => [ext, flowLimits.audioBytes]));

/** What each route takes: /audio also carries the video block's mp4. */
export const flowMediaCaps = {
  img: imageCaps,
  audio: { ...audioCaps(flowMediaFormats.audio), ...videoCaps },
  content: { ...imageCaps, ...audioCaps(flowMediaFormats.contentAudio), ...videoCaps },
} as const;

const extOf = (filename: string) =>
  path
    .extname(path.basename(filename.replace(/\\/g, "/")))
    .slice(1)
    .toLowerCase();

function capOf(caps: Caps, file: { filename: string }): number {
  const cap = caps[extOf(file.filename)];
  if (cap === undefined) throw new AppError("ERR_INVALID_FILE");
  return cap;
}

const contentFilesMax = 20;

/** The form's limits per route: one file for a block, a content block's files together. */
export function flowUploadLimits(caps: Caps, many: boolean): UploadLimits {
  const maxFiles = many ? contentFilesMax : 1;
  return {
    fileField: "medias",
    maxFiles,
    maxBytes: many ? 100 * MB : Math.max(...Object.values(caps)),
    fileMaxBytes: (file) => capOf(caps, file),
    // Each file with its `body`, and `fromMe`.
    maxParts: maxFiles * 2 + 4,
  };
}

function check(caps: Caps, file: UploadedFile) {
  const cap = capOf(caps, file);
  if (file.size === 0) throw new AppError("ERR_INVALID_FILE");
  if (file.size > cap) throw new AppError("ERR_FILE_TOO_LARGE");
  if (!hasOwnSignature(file.filename, file.head)) throw new AppError("ERR_INVALID_FILE");
}

/** Every file checked, then kept; a refusal part-way keeps none. */
async function keepAll(ctx: Context, companyId: number, caps: Caps, files: UploadedFile[]): Promise<string[]> {
  if (files.length === 0) throw new AppError("ERR_INVALID_FILE");
  for (const file of files) check(caps, file);
  const kept: StoredMedia[] = [];
  try {
    for (const file of files) {
      const ext = `.${extOf(file.filename)}`;
      kept.push(await ctx.media.keep(companyId, file, { extensions: [ext], maxBytes: capOf(caps, file) }));
    }
  } catch (err) {
    await Promise.all(kept.map((k) => ctx.media.remove(k.mediaPath)));
    throw err;
  }
  return kept.map((k) => k.mediaPath);
}

/** /flowbuilder/img and /flowbuilder/audio: `{name}`, the stored name. */
export function uploadFlowMedia(
  ctx: Context,
  companyId: number,
  caps: Caps,
  upload: Upload,
): Promise<{ name: string }> {
  return upload(async (form) => ({ name: (await keepAll(ctx, companyId, caps, form.files))[0]! }));
}

/** /flowbuilder/content: the stored names, in the order the files were sent. */
export function uploadFlowContent(ctx: Context, companyId: number, upload: Upload): Promise<string[]> {
  return upload((form) => keepAll(ctx, companyId, flowMediaCaps.content, form.files));
}
