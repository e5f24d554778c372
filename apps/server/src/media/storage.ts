/**
 * Company media on disk under DATA_DIR/media/<companyId>/ with random names.
 * Files arrive as streams into DATA_DIR/incoming (never whole in memory) and
 * are kept by moving them into their owner's folder once checked for type (by
 * their first bytes, not only their name) and size. Every file a company keeps
 * is a row of media_files (media-files.ts), what its storage counts.
 */
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { mediaLimits, type ErrorCode } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { mediaFiles } from "../db/schema/index.js";
import { AppError } from "../http/errors.js";
import { receiveFile, type ReceivedFile } from "./incoming.js";
import { countFilesOnDisk } from "./media-files.js";

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
export const inboundKind: MediaKind = { extensions: "any", maxBytes: mediaLimits.fileMaxBytes };

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
  /** Files on their way in; outside the media root, so never served. */
  readonly incoming: string;
  constructor(
    dataDir: string,
    private readonly db: Db,
  ) {
    this.root = path.resolve(dataDir, "media");
    this.incoming = path.resolve(dataDir, "incoming");
  }

  /**
   * The storage at start-up: what a stopped process was still receiving is never finished, so it
   * goes; files kept before their companies' storage was counted are counted now (once).
   */
  static async open(dataDir: string, db: Db): Promise<MediaStorage> {
    const storage = new MediaStorage(dataDir, db);
    await rm(storage.incoming, { recursive: true, force: true });
    await countFilesOnDisk(db, storage.root);
    return storage;
  }

  /**
   * Streams bytes into a new file under DATA_DIR/incoming; past maxBytes the
   * source is cut off and `tooLarge` thrown, with nothing left on disk.
   */
  async receive(source: Readable, maxBytes: number, tooLarge: ErrorCode = "ERR_FILE_TOO_LARGE"): Promise<ReceivedFile> {
    return receiveFile(source, await this.incomingPath(), maxBytes, tooLarge);
  }

  /** A fresh path under DATA_DIR/incoming, for a file some other writer makes (a converted voice note). */
  async incomingPath(): Promise<string> {
    await mkdir(this.incoming, { recursive: true });
    return path.join(this.incoming, `${randomBytes(16).toString("hex")}.part`);
  }

  /**
   * Checks a received file and moves it into the owner's folder. A refused
   * file stays where it was: the caller discards what it received.
   */
  async keep(owner: MediaOwner, file: ReceivedFile & { filename: string }, kind: MediaKind): Promise<StoredMedia> {
    const ext = path.extname(file.filename).toLowerCase();
    if (!allowedExtension(kind, ext)) throw new AppError("ERR_INVALID_FILE");
    if (file.size === 0) throw new AppError("ERR_INVALID_FILE");
    if (file.size > kind.maxBytes) throw new AppError("ERR_FILE_TOO_LARGE");
    const check = signatures[ext];
    if (check && !check(file.head)) throw new AppError("ERR_INVALID_FILE");
    const dir = path.join(this.root, String(owner));
    await mkdir(dir, { recursive: true });
    const mediaPath = `${owner}/${randomBytes(16).toString("hex")}${ext}`;
    // The platform-wide folder is no company's.
    if (owner === SHARED_FOLDER) await rename(file.path, path.join(this.root, mediaPath));
    else await this.moveCounted(owner, file, mediaPath);
    return { mediaPath, mediaName: path.basename(file.filename).slice(0, 200) };
  }

  /**
   * Counted before it is in the folder: a crash in between leaves a row without a file (the
   * unused-media sweep removes it), never a file its company's storage does not count. Both
   * folders are under DATA_DIR: a rename, not a copy.
   */
  private async moveCounted(companyId: number, file: { path: string; size: number }, mediaPath: string) {
    await this.db
      .insert(mediaFiles)
      .values({ path: mediaPath, companyId, bytes: file.size })
      .onConflictDoUpdate({ target: mediaFiles.path, set: { bytes: file.size } });
    try {
      await rename(file.path, this.resolve(mediaPath));
    } catch (err) {
      await this.db.delete(mediaFiles).where(eq(mediaFiles.path, mediaPath));
      throw err;
    }
  }

  /** A file made from a kept one under a name of its own (a flow audio's voice note), counted like it. */
  async place(companyId: number, made: string, mediaPath: string) {
    await this.moveCounted(companyId, { path: made, size: (await stat(made)).size }, mediaPath);
  }

  /** Removes received files that were not kept (a kept one is already gone from there). */
  async discard(files: readonly { path: string }[]) {
    await Promise.all(files.map((file) => rm(file.path, { force: true })));
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

  /** The file goes, then its row: its company's storage stops counting it. */
  async remove(mediaPath: string | null | undefined) {
    if (!mediaPath) return;
    await this.removeFile(mediaPath);
    await this.db.delete(mediaFiles).where(eq(mediaFiles.path, mediaPath));
  }

  /** Only the file, for a caller that forgets its row itself (the unused-media sweep, in its transaction). */
  async removeFile(mediaPath: string) {
    await rm(this.resolve(mediaPath), { force: true });
  }

  /** A deleted company's folder (its rows went with it). */
  async removeCompanyFolder(companyId: number) {
    await rm(path.join(this.root, String(companyId)), { recursive: true, force: true });
  }
}
