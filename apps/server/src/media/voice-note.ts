/**
 * A recorded audio (the browser's webm/ogg, however it is named) becomes a
 * WhatsApp voice note: mono OGG/Opus. ffmpeg comes from @ffmpeg-installer,
 * whose per-platform package ships the binary already executable, so no
 * install script is needed. It reads and writes files (never the whole audio
 * in our memory), and at most mediaLimits.voiceNoteConversions run at once:
 * each takes a core, so more wait their turn instead of starving the server.
 */
import { spawn } from "node:child_process";
import ffmpeg from "@ffmpeg-installer/ffmpeg";
import { mediaLimits } from "@balcao/contracts";
import { AppError } from "../http/errors.js";
import { describeFile, type ReceivedFile } from "./incoming.js";

const timeoutMs = 60_000;

export const voiceNoteMimetype = "audio/ogg; codecs=opus";

/** Runs at most `max` tasks at once; the others wait, first come first served. */
function limitConcurrency(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < max) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // A waiting task takes the place over; otherwise it frees up.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const conversions = limitConcurrency(mediaLimits.voiceNoteConversions);

/**
 * ffmpeg from `input` to `output`: file paths, or "pipe:0" with `stdin`'s
 * bytes and "pipe:1" for the answer's bytes.
 */
function convert(input: string, output: string, stdin?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpeg.path,
      ["-hide_banner", "-loglevel", "error", "-i", input, "-vn", "-ac", "1", "-ar", "48000"].concat([
        "-c:a",
        "libopus",
        "-b:a",
        "32k",
        "-application",
        "voip",
        "-f",
        "ogg",
        "-y",
        output,
      ]),
      { stdio: ["pipe", "pipe", "pipe"] },
    );
    const out: Buffer[] = [];
    let errText = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => (errText = (errText + chunk.toString()).slice(-1000)));
    // ffmpeg may stop reading early on bad input; a broken pipe is its answer, not ours to crash on.
    child.stdin.on("error", () => undefined);
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new AppError("ERR_INVALID_FILE", { reason: errText.trim().slice(0, 200) || `ffmpeg exit ${code}` }));
    });
    child.stdin.end(stdin);
  });
}

/** The OGG/Opus file written to `output`, or ERR_INVALID_FILE when ffmpeg finds no audio in the input file. */
export async function toVoiceNote(input: string, output: string): Promise<ReceivedFile> {
  await conversions(() => convert(input, output));
  const file = await describeFile(output);
  if (file.size === 0) throw new AppError("ERR_INVALID_FILE", { reason: "ffmpeg wrote no audio" });
  return file;
}

/** The same for bytes a driver already holds (a recording handed to a send). */
export async function bytesToVoiceNote(input: Buffer): Promise<Buffer> {
  const data = await conversions(() => convert("pipe:0", "pipe:1", input));
  if (data.length === 0) throw new AppError("ERR_INVALID_FILE", { reason: "ffmpeg wrote no audio" });
  return data;
}
