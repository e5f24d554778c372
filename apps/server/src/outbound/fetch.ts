/**
 * The one HTTP client for every call to the outside (issue 17 item 7): AI
 * providers, transcription, Typebot, n8n and webhooks, Dialogflow, speech.
 *
 *   const res = await outboundFetch(url, { method: "POST", headers, body, timeoutMs, maxBytes, trusted });
 *   res.status, res.ok, res.headers, await res.json() / text() / arrayBuffer()
 *
 * - timeoutMs (default 10 s) bounds the whole call, body included;
 * - maxBytes (default 5 MB) caps the response body (declared or streamed, and after decompression);
 * - redirects are followed (at most 5) only to the same host; another host is refused;
 * - unless `trusted` (a URL the operator set in the environment: OPENAI_BASE_URL,
 *   DIALOGFLOW_API_URL, AZURE_SPEECH_URL), every address it connects to passes the SSRF guard (policy.ts);
 * - failures are OutboundError {kind: timeout | network | forbidden | too-large | redirect};
 *   `err.retryable` is true for timeout and network. A non-2xx answer is no error: read res.status.
 *
 * `guardedFetch` is the same as a fetch-compatible function, for an SDK that takes one.
 */
import type { IncomingMessage } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { exchange, outboundFailure, type Exchange } from "./connect.js";
import { OutboundError, shownUrl } from "./errors.js";
import { bareHost, outboundPolicy, parseOutboundUrl } from "./policy.js";

export interface OutboundInit extends RequestInit {
  /** The whole call's time limit (connect, answer and body); default 10 s. */
  timeoutMs?: number;
  /** The response body's limit in bytes; default 5 MB. */
  maxBytes?: number;
  /** A URL the operator set in the environment: no SSRF check. Never for a URL a company stored. */
  trusted?: boolean;
}

export const outboundDefaults = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 } as const;

export interface OutboundResponse {
  status: number;
  statusText: string;
  /** 2xx. */
  ok: boolean;
  /** Where the answer came from (after same-host redirects). */
  url: string;
  headers: Headers;
  /** The body, already read (and decompressed) within the caps. */
  bytes: Buffer;
  text(): Promise<string>;
  json<T = unknown>(): Promise<T>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** Headers and body bytes from any fetch body (string, bytes, URLSearchParams, FormData, Blob…). */
async function encodeRequest(init: OutboundInit): Promise<{ headers: Headers; body: Buffer | undefined }> {
  // A stand-in URL: Request refuses URLs with credentials, and only its header and body encoding is wanted here.
  const req = new Request("http://outbound.invalid/", {
    method: init.method ?? "GET",
    headers: init.headers,
    body: init.body,
    ...(init.body instanceof ReadableStream ? { duplex: "half" } : {}),
  });
  const body = init.body === undefined || init.body === null ? undefined : Buffer.from(await req.arrayBuffer());
  return { headers: new Headers(req.headers), body };
}

function headersOf(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
  return headers;
}

function tooLarge(url: URL, maxBytes: number): OutboundError {
  const shown = shownUrl(url);
  return new OutboundError("too-large", `the answer of ${shown} is over ${maxBytes} bytes`, shown);
}

function decode(raw: Buffer, encoding: string | undefined, maxBytes: number, url: URL): Buffer {
  if (raw.length === 0) return raw;
  const options = { maxOutputLength: maxBytes };
  try {
    if (encoding === "gzip" || encoding === "x-gzip") return gunzipSync(raw, options);
    if (encoding === "deflate") return inflateSync(raw, options);
    if (encoding === "br") return brotliDecompressSync(raw, options);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") throw tooLarge(url, maxBytes);
    throw new OutboundError("network", `bad ${encoding} body from ${shownUrl(url)}`, shownUrl(url), { cause: err });
  }
  return raw;
}

async function readBody(res: IncomingMessage, x: Exchange, maxBytes: number): Promise<Buffer> {
  if (Number(res.headers["content-length"] ?? 0) > maxBytes) {
    res.destroy();
    throw tooLarge(x.url, maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        res.destroy();
        throw tooLarge(x.url, maxBytes);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    throw outboundFailure(err, x);
  }
  if (res.aborted || !res.complete) throw outboundFailure(new Error("the connection closed mid-answer"), x);
  return decode(Buffer.concat(chunks), res.headers["content-encoding"]?.toLowerCase(), maxBytes, x.url);
}

function present(res: IncomingMessage, url: URL, bytes: Buffer): OutboundResponse {
  const status = res.statusCode ?? 0;
  return {
    status,
    statusText: res.statusMessage ?? "",
    ok: status >= 200 && status < 300,
    url: url.toString(),
    headers: headersOf(res),
    bytes,
    text: () => Promise.resolve(bytes.toString("utf8")),
    json: <T>() => Promise.resolve(JSON.parse(bytes.toString("utf8")) as T),
    arrayBuffer: () =>
      Promise.resolve(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer),
  };
}

/** The next hop of a redirect, or the error that ends the call. */
function redirectTarget(
  res: IncomingMessage,
  x: Exchange,
  origin: URL,
  hop: number,
  mode: RequestInit["redirect"],
): URL {
  const shown = shownUrl(x.url);
  const location = res.headers.location;
  if (mode === "error") throw new OutboundError("redirect", `${shown} redirected`, shown);
  const next = location ? parseOutboundUrl(new URL(location, x.url).toString()) : undefined;
  if (!next || (next.protocol !== "http:" && next.protocol !== "https:"))
    throw new OutboundError("redirect", `${shown} redirected to an unusable location`, shown);
  if (bareHost(next).toLowerCase() !== bareHost(origin).toLowerCase())
    throw new OutboundError("redirect", `${shown} redirected to another host (${next.host})`, shown);
  if (hop >= outboundDefaults.maxRedirects) throw new OutboundError("redirect", `${shown}: too many redirects`, shown);
  return next;
}

/** 303 (and 301/302 after a POST) go on as a GET without a body, as fetch does. */
function afterRedirect(x: Exchange, status: number, next: URL): Exchange {
  const toGet = (status === 303 && x.method !== "HEAD") || ((status === 301 || status === 302) && x.method === "POST");
  if (!toGet) return { ...x, url: next };
  const headers = new Headers(x.headers);
  for (const name of ["content-type", "content-length", "content-encoding", "content-language"]) headers.delete(name);
  return { ...x, url: next, method: "GET", headers, body: undefined };
}

export async function outboundFetch(url: string | URL, init: OutboundInit = {}): Promise<OutboundResponse> {
  const origin = parseOutboundUrl(url);
  if (!origin || (origin.protocol !== "http:" && origin.protocol !== "https:")) {
    const shown = origin ? shownUrl(origin) : "(unparsable URL)";
    throw new OutboundError("forbidden", `only http and https may be called: ${shown}`, shown);
  }
  // A caller's remaining budget may have run out: an at-once timeout, not a RangeError.
  const deadline = AbortSignal.timeout(Math.max(1, Math.floor(init.timeoutMs ?? outboundDefaults.timeoutMs)));
  const signal = init.signal ? AbortSignal.any([deadline, init.signal]) : deadline;
  const maxBytes = init.maxBytes ?? outboundDefaults.maxBytes;
  const { headers, body } = await encodeRequest(init);
  if (!headers.has("accept-encoding")) headers.set("accept-encoding", "gzip, deflate, br");
  const guard = init.trusted ? undefined : { allowPrivate: outboundPolicy().allowPrivate };
  let x: Exchange = {
    url: origin,
    method: (init.method ?? "GET").toUpperCase(),
    headers,
    body,
    signal,
    deadline,
    guard,
  };
  for (let hop = 0; ; hop++) {
    const res = await exchange(x);
    const status = res.statusCode ?? 0;
    if (redirectStatuses.has(status) && init.redirect !== "manual") {
      res.destroy();
      x = afterRedirect(x, status, redirectTarget(res, x, origin, hop, init.redirect ?? "follow"));
      continue;
    }
    const noBody = x.method === "HEAD" || status === 204 || status === 304;
    return present(res, x.url, noBody ? (res.destroy(), Buffer.alloc(0)) : await readBody(res, x, maxBytes));
  }
}

/** The parts of a fetch Request outboundFetch takes, merged under what `init` sets itself. */
async function fromRequest(input: Request, init: OutboundInit): Promise<OutboundInit> {
  const body = input.body ? Buffer.from(await input.arrayBuffer()) : undefined;
  return { method: input.method, headers: input.headers, body, signal: input.signal, ...init };
}

/** A fetch-compatible function over outboundFetch with these options (an SDK's `fetch`). */
export function guardedFetchWith(options: Pick<OutboundInit, "timeoutMs" | "maxBytes" | "trusted"> = {}) {
  return async function guardedFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
    const merged = input instanceof Request ? await fromRequest(input, init) : { ...init };
    const url = input instanceof Request ? input.url : input;
    const res = await outboundFetch(url, { ...merged, ...options });
    const nullBody = [101, 204, 205, 304].includes(res.status) || merged.method?.toUpperCase() === "HEAD";
    // A copy as a plain Uint8Array: the DOM typings take no Buffer as a body.
    const response = new Response(nullBody ? null : new Uint8Array(res.bytes), {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
    Object.defineProperty(response, "url", { value: res.url });
    return response;
  };
}

/** fetch, through the guard (a company's URLs), with the default limits. */
export const guardedFetch = guardedFetchWith();
