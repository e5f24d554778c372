/**
 * Azure Speech's text to speech REST API on 127.0.0.1 (AZURE_SPEECH_URL in
 * tests), built from Microsoft's reference ("Text to speech REST API",
 * learn.microsoft.com):
 *
 *   POST /cognitiveservices/v1
 *     Ocp-Apim-Subscription-Key: <key>          (missing or another key: 401)
 *     Content-Type: application/ssml+xml         (else 415)
 *     X-Microsoft-OutputFormat: ogg-24khz-16bit-mono-opus | ogg-16khz-16bit-mono-opus | ogg-48khz-16bit-mono-opus
 *                                                (another or none: 400)
 *     User-Agent: <application>                  (none: 400)
 *     <speak version="1.0" xml:lang="pt-BR"><voice name="…">text</voice></speak>
 *                                                (no speak/voice, or text that is not XML-escaped: 400)
 *   → 200 audio/ogg, the synthesised audio: here a real Ogg/Opus file (a short tone, mono, at the
 *     format's rate) made with the bundled ffmpeg, so what our server stores is what WhatsApp plays.
 *
 * Each request is recorded with the voice and text read out of the SSML. `failNext(n, status)` answers
 * the next n calls with an error (429 throttled, 500, 401 …).
 */
import { execFile } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import ffmpeg from "@ffmpeg-installer/ffmpeg";
import { readBody } from "./fake-graph-http.js";

const rates: Record<string, number> = {
  "ogg-16khz-16bit-mono-opus": 16_000,
  "ogg-24khz-16bit-mono-opus": 24_000,
  "ogg-48khz-16bit-mono-opus": 48_000,
};

export interface FakeSpeechRequest {
  headers: Record<string, string | string[] | undefined>;
  ssml: string;
  /** The <voice name>, and its text with the XML escapes undone. */
  voice: string | undefined;
  text: string | undefined;
}

export interface FakeAzureSpeech {
  /** What AZURE_SPEECH_URL holds. */
  url: string;
  requests: FakeSpeechRequest[];
  /** The bytes a successful call answers (for the format asked, 24 kHz by default). */
  audio(format?: string): Buffer;
  failNext(count: number, status?: number): void;
  reset(): void;
  close(): Promise<void>;
}

const run = promisify(execFile);

/** A 0.4 s tone as Ogg/Opus, mono, at `rate` (what Azure's ogg-…-mono-opus formats carry). */
async function oggOpus(rate: number): Promise<Buffer> {
  const args = ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=0.4"];
  const { stdout } = await run(
    ffmpeg.path,
    [...args, "-ac", "1", "-ar", String(rate), "-c:a", "libopus", "-b:a", "24k", "-f", "ogg", "pipe:1"],
    { encoding: "buffer", maxBuffer: 1024 * 1024 },
  );
  return stdout;
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** The voice and its text, when the SSML is a speak element around one voice element with escaped text. */
function readSsml(ssml: string): { voice: string; text: string } | undefined {
  const match =
    /^<speak version="1\.0" xml:lang="([a-zA-Z-]+)"><voice name="([^"<>&]+)">([^<>]*)<\/voice><\/speak>$/.exec(
      ssml.trim(),
    );
  if (!match) return undefined;
  // A bare "&" that starts no escape is not XML.
  if (/&(?!(lt|gt|quot|apos|amp);)/.test(match[3]!)) return undefined;
  return { voice: match[2]!, text: unescapeXml(match[3]!) };
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export async function startFakeAzureSpeech(options: { keys?: string[] } = {}): Promise<FakeAzureSpeech> {
  const keys = new Set(options.keys ?? []);
  const audio = new Map<string, Buffer>();
  for (const [format, rate] of Object.entries(rates)) audio.set(format, await oggOpus(rate));
  const requests: FakeSpeechRequest[] = [];
  let failing = { count: 0, status: 500 };

  function answer(req: IncomingMessage, res: ServerResponse, ssml: string) {
    const fail = (status: number, text = "") => res.writeHead(status, { "content-type": "text/plain" }).end(text);
    if (failing.count > 0) {
      failing.count--;
      return fail(failing.status);
    }
    const key = header(req, "ocp-apim-subscription-key");
    if (!key || (keys.size > 0 && !keys.has(key))) return fail(401, "Access denied due to invalid subscription key.");
    if (!header(req, "content-type")?.startsWith("application/ssml+xml")) return fail(415);
    const format = header(req, "x-microsoft-outputformat") ?? "";
    if (!audio.has(format) || !header(req, "user-agent")) return fail(400);
    if (!readSsml(ssml)) return fail(400, "SSML is invalid.");
    res.writeHead(200, { "content-type": "audio/ogg" }).end(audio.get(format));
  }

  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const path = new URL(req.url ?? "/", "http://fake.invalid").pathname;
      const ssml = raw.toString("utf8");
      if (req.method !== "POST" || path !== "/cognitiveservices/v1") return res.writeHead(404).end();
      requests.push({ headers: { ...req.headers }, ssml, ...readSsml(ssml) } as FakeSpeechRequest);
      answer(req, res, ssml);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    audio: (format = "ogg-24khz-16bit-mono-opus") => audio.get(format)!,
    failNext(count, status = 500) {
      failing = { count, status };
    },
    reset() {
      requests.length = 0;
      failing = { count: 0, status: 500 };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
