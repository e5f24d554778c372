/**
 * A recorded audio (the browser's webm/ogg, however it is named) becomes a
 * WhatsApp voice note: mono OGG/Opus. ffmpeg comes from @ffmpeg-installer,
 * whose per-platform package ships the binary already executable, so no
 * install script is needed.
 */
import { spawn } from "node:child_process";
import ffmpeg from "@ffmpeg-installer/ffmpeg";
import { AppError } from "../../http/errors.js";

const timeoutMs = 60_000;

export const voiceNoteMimetype = "audio/ogg; codecs=opus";

/** The OGG/Opus bytes, or ERR_INVALID_FILE when ffmpeg finds no audio in the input. */
export function toVoiceNote(input: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpeg.path,
      ["-hide_banner", "-loglevel", "error", "-i", "pipe:0", "-vn", "-ac", "1", "-ar", "48000"].concat([
        "-c:a",
        "libopus",
        "-b:a",
        "32k",
        "-application",
        "voip",
        "-f",
        "ogg",
        "pipe:1",
      ]),
      { stdio: ["pipe", "pipe", "pipe"] },
    );
    const out: Buffer[] = [];
    let errText = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => (errText += chunk.toString()));
    // ffmpeg may stop reading early on bad input; a broken pipe is its answer, not ours to crash on.
    child.stdin.on("error", () => undefined);
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      const data = Buffer.concat(out);
      if (code === 0 && data.length > 0) resolve(data);
      else reject(new AppError("ERR_INVALID_FILE", { reason: errText.trim().slice(0, 200) || `ffmpeg exit ${code}` }));
    });
    child.stdin.end(input);
  });
}
