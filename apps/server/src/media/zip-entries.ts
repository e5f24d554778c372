/**
 * The parts of a zip archive (an .xlsx) read within limits (issue 29 item 2):
 * the central directory is read first, and an archive with too many parts, or
 * parts whose declared inflated sizes are too big, is refused before anything
 * is inflated; a part is then read as a stream that stops with the same
 * refusal as soon as it inflates past its declared size, since a declared
 * size can lie. Every refusal is ERR_INVALID_FILE: such a file is no
 * spreadsheet a program saved.
 */
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { pipeline, Readable, Transform } from "node:stream";
import { createInflateRaw } from "node:zlib";
import { AppError } from "../http/errors.js";

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
  /** As the directory declares it; the stream holds the part to it. */
  size: number;
  headerOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record (22 bytes) and its comment (at most 65,535). */
const END_SEARCH = 22 + 0xffff;
/** ZIP64's marker: sizes past 4 GB, which no spreadsheet within the limits needs. */
const ZIP64 = 0xffffffff;

/** Compressed bytes handed to the inflater at once. */
const COMPRESSED_CHUNK = 4096;

const invalid = () => new AppError("ERR_INVALID_FILE");

async function readAt(file: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    if (bytesRead !== length) throw invalid();
    return buffer;
  } finally {
    await handle.close();
  }
}

/** Where the directory is and how many entries it says it has. */
async function endOfDirectory(file: string) {
  const handle = await open(file, "r");
  const { size } = await handle.stat().finally(() => handle.close());
  const length = Math.min(size, END_SEARCH);
  const tail = await readAt(file, size - length, length);
  for (let i = length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== END_OF_DIRECTORY) continue;
    const count = tail.readUInt16LE(i + 10);
    const directorySize = tail.readUInt32LE(i + 12);
    const directoryOffset = tail.readUInt32LE(i + 16);
    if (directoryOffset + directorySize > size - length + i) throw invalid();
    return { count, directorySize, directoryOffset };
  }
  throw invalid();
}

function entryAt(directory: Buffer, at: number): { entry: ZipEntry; next: number } {
  if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) throw invalid();
  const nameLength = directory.readUInt16LE(at + 28);
  const next = at + 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  if (next > directory.length) throw invalid();
  const entry: ZipEntry = {
    name: directory.toString("utf8", at + 46, at + 46 + nameLength),
    method: directory.readUInt16LE(at + 10),
    compressedSize: directory.readUInt32LE(at + 20),
    size: directory.readUInt32LE(at + 24),
    headerOffset: directory.readUInt32LE(at + 42),
  };
  if (entry.compressedSize === ZIP64 || entry.size === ZIP64 || entry.headerOffset === ZIP64) throw invalid();
  return { entry, next };
}

/** The archive's parts, by name, once the directory shows it within the limits; nothing is inflated. */
export async function zipEntries(file: string, limits: ZipLimits): Promise<Map<string, ZipEntry>> {
  const end = await endOfDirectory(file);
  if (end.count > limits.entriesMax) throw invalid();
  const directory = await readAt(file, end.directoryOffset, end.directorySize);
  const entries = new Map<string, ZipEntry>();
  let total = 0;
  for (let i = 0, at = 0; i < end.count; i++) {
    const { entry, next } = entryAt(directory, at);
    total += entry.size;
    if (entry.size > limits.entryMaxBytes || total > limits.totalMaxBytes) throw invalid();
    if (entry.method !== 0 && entry.method !== 8) throw invalid();
    entries.set(entry.name, entry);
    at = next;
  }
  return entries;
}

/** Passes the bytes on until they pass `max`, then fails the stream. */
function capped(max: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > max ? invalid() : null, chunk);
    },
  });
}

/**
 * One part's inflated bytes as a stream, held to the size the directory
 * declared; any fault of the archive (a broken deflate stream included) fails
 * it with ERR_INVALID_FILE.
 */
export async function openEntry(file: string, entry: ZipEntry): Promise<Readable> {
  const header = await readAt(file, entry.headerOffset, 30);
  if (header.readUInt32LE(0) !== LOCAL_HEADER) throw invalid();
  if (entry.compressedSize === 0) return Readable.from([]);
  const start = entry.headerOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  // The inflater inflates each chunk it is given whole, whatever the reader takes (deflate reaches 1032:1):
  // small chunks keep one burst to a few megabytes.
  const end = start + entry.compressedSize - 1;
  const stages: (Readable | Transform)[] = [createReadStream(file, { start, end, highWaterMark: COMPRESSED_CHUNK })];
  if (entry.method === 8) stages.push(createInflateRaw());
  const out = capped(entry.size);
  // Registered before the pipeline's own: the reader sees our refusal, not the stage's error.
  for (const stage of stages) stage.on("error", () => out.destroy(invalid()));
  // The reader stopping early (the row cap) or failing closes every stage, the file and the inflater.
  pipeline([...stages, out], () => {});
  return out;
}
