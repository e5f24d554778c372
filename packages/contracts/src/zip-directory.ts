/**
 * A zip archive's central directory, read without inflating anything (issue
 * 29 item 2), for the server's spreadsheet reader and the web's import modal
 * alike: how many parts, each one's declared inflated size, and where its
 * bytes are. `null` for an archive past the limits or with no readable
 * directory; sizes are only declared (the reader still holds each part to
 * its own).
 */
import { spreadsheetLimits } from "./constants.js";

export interface ZipLimits {
  entriesMax: number;
  entryMaxBytes: number;
  totalMaxBytes: number;
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (the only methods spreadsheet programs write). */
  method: number;
  compressedSize: number;
  /** As the directory declares it. */
  size: number;
  headerOffset: number;
}

/** `length` bytes of the archive from `position`, or fewer at its end. */
export type ReadAt = (position: number, length: number) => Promise<Uint8Array>;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** The end record (22 bytes) and its comment (at most 65,535). */
const END_SEARCH = 22 + 0xffff;
/** ZIP64's marker: sizes past 4 GB, which no spreadsheet within the limits needs. */
const ZIP64 = 0xffffffff;

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Where the directory is and how many entries it says it has. */
async function endOfDirectory(size: number, readAt: ReadAt) {
  const length = Math.min(size, END_SEARCH);
  const tail = view(await readAt(size - length, length));
  for (let i = tail.byteLength - 22; i >= 0; i--) {
    if (tail.getUint32(i, true) !== END_OF_DIRECTORY) continue;
    const count = tail.getUint16(i + 10, true);
    const directorySize = tail.getUint32(i + 12, true);
    const directoryOffset = tail.getUint32(i + 16, true);
    if (directoryOffset + directorySize > size - length + i) return null;
    return { count, directorySize, directoryOffset };
  }
  return null;
}

function entryAt(directory: DataView, bytes: Uint8Array, at: number): { entry: ZipEntry; next: number } | null {
  if (at + 46 > directory.byteLength || directory.getUint32(at, true) !== DIRECTORY_ENTRY) return null;
  const nameLength = directory.getUint16(at + 28, true);
  const next = at + 46 + nameLength + directory.getUint16(at + 30, true) + directory.getUint16(at + 32, true);
  if (next > directory.byteLength) return null;
  const entry: ZipEntry = {
    name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    method: directory.getUint16(at + 10, true),
    compressedSize: directory.getUint32(at + 20, true),
    size: directory.getUint32(at + 24, true),
    headerOffset: directory.getUint32(at + 42, true),
  };
  if (entry.compressedSize === ZIP64 || entry.size === ZIP64 || entry.headerOffset === ZIP64) return null;
  return { entry, next };
}

/** The archive's parts by name, when its directory shows it within the limits; else null. */
export async function zipDirectory(
  size: number,
  readAt: ReadAt,
  limits: ZipLimits = spreadsheetLimits,
): Promise<Map<string, ZipEntry> | null> {
  const end = await endOfDirectory(size, readAt);
  if (!end || end.count > limits.entriesMax) return null;
  const bytes = await readAt(end.directoryOffset, end.directorySize);
  if (bytes.byteLength !== end.directorySize) return null;
  const directory = view(bytes);
  const entries = new Map<string, ZipEntry>();
  let total = 0;
  for (let i = 0, at = 0; i < end.count; i++) {
    const found = entryAt(directory, bytes, at);
    if (!found) return null;
    const { entry, next } = found;
    total += entry.size;
    if (entry.size > limits.entryMaxBytes || total > limits.totalMaxBytes) return null;
    if (entry.method !== 0 && entry.method !== 8) return null;
    entries.set(entry.name, entry);
    at = next;
  }
  return entries;
}
