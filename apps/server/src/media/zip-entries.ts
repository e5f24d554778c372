/**
 * The parts of a zip archive (an .xlsx) read within limits (issue 29 item 2):
 * the central directory is read first (contracts' zipDirectory), and an
 * archive with too many parts, or parts whose declared inflated sizes are too
 * big, is refused before anything is inflated; a part is then read as a
 * stream that stops with the same refusal as soon as it inflates past its
 * declared size, since a declared size can lie. Every refusal is
 * ERR_INVALID_FILE: such a file is no spreadsheet a program saved.
 */
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { pipeline, Readable, Transform } from "node:stream";
import { createInflateRaw } from "node:zlib";
import { zipDirectory, type ZipEntry, type ZipLimits } from "@balcao/contracts";
import { AppError } from "../http/errors.js";

const LOCAL_HEADER = 0x04034b50;
/** Compressed bytes handed to the inflater at once. */
const COMPRESSED_CHUNK = 4096;

const invalid = () => new AppError("ERR_INVALID_FILE");

async function readAt(file: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The archive's parts, by name, once the directory shows it within the limits; nothing is inflated. */
export async function zipEntries(file: string, limits: ZipLimits): Promise<Map<string, ZipEntry>> {
  const handle = await open(file, "r");
  const { size } = await handle.stat().finally(() => handle.close());
  const entries = await zipDirectory(size, (position, length) => readAt(file, position, length), limits);
  if (!entries) throw invalid();
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
  if (header.length !== 30 || header.readUInt32LE(0) !== LOCAL_HEADER) throw invalid();
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
