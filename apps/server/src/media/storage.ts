/**
 * Company media on disk under DATA_DIR/media/<companyId>/ with random names.
 * Every upload is checked for type (by its first bytes, not only its name) and size.
 */
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { AppError } from "../http/errors.js";

export interface MediaKind {
  /** Allowed extensions, lower case with the dot; "any" takes any plain one (letters and digits). */
  extensions: readonly string[] | "any";
  maxBytes: number;
}

export const imageKind: MediaKind = { extensions: [".png", ".jpg", ".jpeg"], maxBytes: 5 * 1024 * 1024 };

/**
 * Media that arrived from WhatsApp: the provider already limited type and
 * size (100 MB documents), and the file is served for download (nosniff).
 */
export const inboundKind: MediaKind = { extensions: "any", maxBytes: 100 * 1024 * 1024 };

function allowedExtension(kind: MediaKind, ext: string): boolean {
  return kind.extensions === "any" ? /^\.[a-z0-9]{1,8}$/.test(ext) : kind.extensions.includes(ext);
}

const signatures: Record<string, (b: Buffer) => boolean> = {
  ".png": (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  ".jpg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  ".jpeg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
};

/** A company's own folder, or the platform-wide one every signed-in user may read. */
export type MediaOwner = number | typeof SHARED_FOLDER;
export const SHARED_FOLDER = "announcements";

export interface StoredMedia {
  /** Relative to the media root: "<owner>/<random><ext>", what `mediaPath` holds. */
  mediaPath: string;
  /** The name the user gave the file, for display. */
  mediaName: string;
}

export class MediaStorage {
  readonly root: string;
  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, "media");
  }

  /** Validates and stores; nothing is written when the file is refused. */
  async save(owner: MediaOwner, file: { filename: string; data: Buffer }, kind: MediaKind): Promise<StoredMedia> {
    const ext = path.extname(file.filename).toLowerCase();
    if (!allowedExtension(kind, ext)) throw new AppError("ERR_INVALID_FILE");
    if (file.data.length === 0) throw new AppError("ERR_INVALID_FILE");
    if (file.data.length > kind.maxBytes) throw new AppError("ERR_FILE_TOO_LARGE");
    const check = signatures[ext];
    if (check && !check(file.data)) throw new AppError("ERR_INVALID_FILE");
    const dir = path.join(this.root, String(owner));
    await mkdir(dir, { recursive: true });
    const name = `${randomBytes(16).toString("hex")}${ext}`;
    await writeFile(path.join(dir, name), file.data);
    return { mediaPath: `${owner}/${name}`, mediaName: path.basename(file.filename).slice(0, 200) };
  }

  /** Resolves a stored path, refusing anything that escapes the media root. */
  resolve(mediaPath: string): string {
    const full = path.resolve(this.root, mediaPath);
    if (!full.startsWith(this.root + path.sep)) throw new AppError("ERR_NOT_FOUND");
    return full;
  }

  /**
   * Who may read a stored path: the owner folder it resolves into, dot segments
   * applied ("1/../2/x" is company 2's file), and only a file directly inside it.
   */
  mayRead(mediaPath: string, companyId: number): boolean {
    const segments = path.relative(this.root, path.resolve(this.root, mediaPath)).split(path.sep);
    if (segments.length !== 2) return false;
    return segments[0] === SHARED_FOLDER || segments[0] === String(companyId);
  }

  async open(mediaPath: string) {
    const full = this.resolve(mediaPath);
    const info = await stat(full).catch(() => null);
    if (!info?.isFile()) throw new AppError("ERR_NOT_FOUND");
    return { stream: createReadStream(full), size: info.size, ext: path.extname(full).toLowerCase() };
  }

  async remove(mediaPath: string | null | undefined) {
    if (!mediaPath) return;
    await rm(this.resolve(mediaPath), { force: true });
  }
}
