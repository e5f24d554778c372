/**
 * A file on its way in (an agent's upload, a customer's media, a converted
 * voice note): written to disk as its bytes arrive, counted, and cut off at a
 * cap, so no file is ever held whole in memory whatever its sender claims.
 */
import { createWriteStream } from "node:fs";
import { open, rm } from "node:fs/promises";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ErrorCode } from "@balcao/contracts";
import { AppError } from "../http/errors.js";

/** Enough first bytes to tell every accepted kind by its signature. */
const HEAD_BYTES = 16;

export interface ReceivedFile {
  /** Where the bytes are until storage keeps or discards them. */
  path: string;
  size: number;
  /** The first bytes, for the type checks. */
  head: Buffer;
}

/** Copies `source` into a new file at `target`; past maxBytes, stops reading, removes the file and throws `tooLarge`. */
export async function receiveFile(
  source: Readable,
  target: string,
  maxBytes: number,
  tooLarge: ErrorCode,
): Promise<ReceivedFile> {
  let size = 0;
  let head = Buffer.alloc(0);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new AppError(tooLarge));
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, counter, createWriteStream(target, { flags: "wx" }));
  } catch (err) {
    await rm(target, { force: true });
    throw err;
  }
  return { path: target, size, head };
}

/** A file some other writer (ffmpeg) produced, described like a received one. */
export async function describeFile(target: string): Promise<ReceivedFile> {
  const handle = await open(target, "r");
  try {
    const { size } = await handle.stat();
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    return { path: target, size, head: buffer.subarray(0, bytesRead) };
  } finally {
    await handle.close();
  }
}
