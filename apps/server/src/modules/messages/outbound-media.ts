/**
 * Files an agent sends (core-platform §2.11, §7.5; DESIGN §10): only what
 * WhatsApp carries, within its limits — images jpg/png up to 5 MB, video
 * mp4/3gpp up to 16 MB, audio up to 16 MB, documents up to 100 MB — checked by
 * name and first bytes; executables and unknown kinds are refused
 * (ERR_INVALID_FILE, ERR_FILE_TOO_LARGE). A recorded audio
 * (audio-record-site-*.mp3, or an audio/webm|ogg upload) is converted to an
 * OGG/Opus voice note. Every file of a request is checked before any is kept;
 * a file's kind (by name) sets how many of its bytes an upload takes at all.
 */
import path from "node:path";
import { mediaLimits, type MediaType } from "@balcao/contracts";
import type { Context } from "../../context.js";
import { AppError } from "../../http/errors.js";
import type { UploadedFile } from "../../http/uploads.js";
import type { ReceivedFile } from "../../media/incoming.js";
import { toVoiceNote, voiceNoteMimetype } from "../../media/voice-note.js";

const MB = 1024 * 1024;

interface Kind {
  mediaType: MediaType;
  maxBytes: number;
}
const image: Kind = { mediaType: "image", maxBytes: 5 * MB };
const video: Kind = { mediaType: "video", maxBytes: 16 * MB };
const audio: Kind = { mediaType: "audio", maxBytes: 16 * MB };
const document: Kind = { mediaType: "application", maxBytes: mediaLimits.fileMaxBytes };

/** The largest file any kind takes. */
export const largestFile = document.maxBytes;

const startsWith =
  (bytes: number[] | string, offset = 0) =>
  (b: Buffer) =>
    b
      .subarray(offset, offset + bytes.length)
      .equals(typeof bytes === "string" ? Buffer.from(bytes, "latin1") : Buffer.from(bytes));
const jpeg = startsWith([0xff, 0xd8, 0xff]);
const zip = startsWith("PK\x03\x04");
const ole = startsWith([0xd0, 0xcf, 0x11, 0xe0]);
const iso = startsWith("ftyp", 4);
const ogg = startsWith("OggS");
const anyBytes = () => true;

/** Extension → kind, mimetype sent to WhatsApp, and the first bytes it must have. */
const accepted: Record<string, { kind: Kind; mimetype: string; check: (b: Buffer) => boolean }> = {
  ".jpg": { kind: image, mimetype: "image/jpeg", check: jpeg },
  ".jpeg": { kind: image, mimetype: "image/jpeg", check: jpeg },
  ".png": { kind: image, mimetype: "image/png", check: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  ".mp4": { kind: video, mimetype: "video/mp4", check: iso },
  ".3gp": { kind: video, mimetype: "video/3gpp", check: iso },
  ".mp3": {
    kind: audio,
    mimetype: "audio/mpeg",
    check: (b) => startsWith("ID3")(b) || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0),
  },
  ".ogg": { kind: audio, mimetype: "audio/ogg", check: ogg },
  ".opus": { kind: audio, mimetype: "audio/ogg", check: ogg },
  ".m4a": { kind: audio, mimetype: "audio/mp4", check: iso },
  ".aac": { kind: audio, mimetype: "audio/aac", check: anyBytes },
  ".amr": { kind: audio, mimetype: "audio/amr", check: startsWith("#!AMR") },
  ".pdf": { kind: document, mimetype: "application/pdf", check: startsWith("%PDF") },
  ".doc": { kind: document, mimetype: "application/msword", check: ole },
  ".xls": { kind: document, mimetype: "application/vnd.ms-excel", check: ole },
  ".ppt": { kind: document, mimetype: "application/vnd.ms-powerpoint", check: ole },
  ".docx": {
    kind: document,
    mimetype: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    check: zip,
  },
  ".xlsx": {
    kind: document,
    mimetype: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    check: zip,
  },
  ".pptx": {
    kind: document,
    mimetype: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    check: zip,
  },
  ".odt": { kind: document, mimetype: "application/vnd.oasis.opendocument.text", check: zip },
  ".ods": { kind: document, mimetype: "application/vnd.oasis.opendocument.spreadsheet", check: zip },
  ".zip": { kind: document, mimetype: "application/zip", check: zip },
  ".txt": { kind: document, mimetype: "text/plain", check: anyBytes },
  ".csv": { kind: document, mimetype: "text/csv", check: anyBytes },
  ".rtf": { kind: document, mimetype: "application/rtf", check: startsWith("{\\rtf") },
};

/** Programs keep their signature whatever they are named. */
const executable = [
  startsWith("MZ"),
  startsWith("\x7fELF"),
  startsWith([0xfe, 0xed, 0xfa]),
  startsWith([0xcf, 0xfa, 0xed, 0xfe]),
  startsWith("#!/"),
];

/** A file ready to store and send. */
export interface PreparedFile extends ReceivedFile {
  /** The name it is stored under (a converted voice note ends in .ogg). */
  fileName: string;
  mimetype: string;
  mediaType: MediaType;
  voiceNote: boolean;
}

function isRecordedAudio(file: { filename: string; mimetype: string }): boolean {
  return path.basename(file.filename).startsWith("audio-record-site") || /^audio\/(webm|ogg)\b/i.test(file.mimetype);
}

/** The plain name of a file as sent ("C:\\x\\a.pdf" → "a.pdf"). */
function plainName(filename: string): string {
  return path.basename(filename.replace(/\\/g, "/")).trim() || "file";
}

/**
 * The most bytes a file may have, known from its name and type before its
 * bytes arrive (the upload stops there); an unknown kind is refused at once.
 */
export function fileCap(file: { filename: string; mimetype: string }): number {
  if (isRecordedAudio(file)) return audio.maxBytes;
  const rule = accepted[path.extname(plainName(file.filename)).toLowerCase()];
  if (!rule) throw new AppError("ERR_INVALID_FILE");
  return rule.kind.maxBytes;
}

/**
 * Checks an uploaded file by name, size and first bytes; a recording is
 * converted to a voice note, whose file goes to `derived` (removed with the
 * upload unless kept).
 */
export async function prepareFile(
  ctx: Context,
  file: UploadedFile,
  derived: { path: string }[],
): Promise<PreparedFile> {
  const name = plainName(file.filename);
  if (file.size === 0 || executable.some((sig) => sig(file.head))) throw new AppError("ERR_INVALID_FILE");
  if (isRecordedAudio(file)) {
    if (file.size > audio.maxBytes) throw new AppError("ERR_FILE_TOO_LARGE");
    const output = await ctx.media.incomingPath();
    derived.push({ path: output });
    const converted = await toVoiceNote(file.path, output);
    const fileName = `${path.basename(name, path.extname(name))}.ogg`;
    return { ...converted, fileName, mimetype: voiceNoteMimetype, mediaType: "audio", voiceNote: true };
  }
  const rule = accepted[path.extname(name).toLowerCase()];
  if (!rule) throw new AppError("ERR_INVALID_FILE");
  if (file.size > rule.kind.maxBytes) throw new AppError("ERR_FILE_TOO_LARGE");
  if (!rule.check(file.head)) throw new AppError("ERR_INVALID_FILE");
  return { ...file, fileName: name, mimetype: rule.mimetype, mediaType: rule.kind.mediaType, voiceNote: false };
}

/** Whether a file's first bytes are those its name claims (flow media: flows/flow-media.ts); false for a kind not accepted. */
export function hasOwnSignature(name: string, head: Buffer): boolean {
  return accepted[path.extname(plainName(name)).toLowerCase()]?.check(head) ?? false;
}

/** The mimetype a stored file of an accepted kind is sent with, by its name (a campaign's media). */
export function mimetypeByName(name: string): string | undefined {
  return accepted[path.extname(plainName(name)).toLowerCase()]?.mimetype;
}

/** The storage kind for a prepared file: its own extension, its kind's limit. */
export function storageKind(file: PreparedFile) {
  return { extensions: [path.extname(file.fileName).toLowerCase()], maxBytes: largestFile };
}
