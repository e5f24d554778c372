/**
 * A small Graph API client for one Cloud API phone number: bearer token,
 * timeouts, and Graph error objects turned into ChannelErrors that carry
 * Meta's own message.
 */
import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { ErrorCode } from "@balcao/contracts";
import { OutboundError, outboundStream } from "../../outbound/index.js";
import { ChannelError } from "../driver.js";

const JSON_TIMEOUT_MS = 15_000;
/** Media can be large (100 MB documents); its transfers get longer. */
const MEDIA_TIMEOUT_MS = 120_000;

export interface GraphCredentials {
  baseUrl: string;
  phoneNumberId: string;
  accessToken: string;
}

/** Graph's error envelope: {error: {message, type, code, error_data: {details}}}. */
interface GraphErrorBody {
  error?: { message?: string; code?: number; error_data?: { details?: string } };
}

function failure(status: number, text: string): string {
  try {
    const { error } = JSON.parse(text) as GraphErrorBody;
    const message = error?.error_data?.details ?? error?.message;
    if (message) return error?.code ? `${message} (#${error.code})` : message;
  } catch {
    // not JSON: fall through to the status line
  }
  return `Graph API answered ${status}`;
}

/**
 * A call that failed for a passing reason (the Graph API unreachable, timing
 * out, failing inside or throttling us), not for what it asked: worth trying again.
 */
export class GraphUnavailable extends ChannelError {}

const passing = (status: number) => status >= 500 || status === 429 || status === 408;

/**
 * Connections to the Graph API kept open between calls: every message sent is one call, and fetch took
 * several times the CPU of node:http for it (npm run bench, routing on). The Graph API's URL is the
 * operator's (GRAPH_API_URL), not a company's: no address check applies. An idle connection is closed
 * after 4 s, before the usual 5 s after which servers close theirs.
 */
const keptAlive = {
  "http:": new http.Agent({ keepAlive: true, timeout: 4000 }),
  "https:": new https.Agent({ keepAlive: true, timeout: 4000 }),
};

interface JsonExchange {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  timeoutMs: number;
}

/**
 * One exchange with a JSON body (or none): the answer's status and text. A kept connection the server
 * closed just as it was reused fails before the request reached it: that one is tried once more on a
 * new connection (as Node's documentation advises), so a message is not left failed for nothing.
 */
function exchangeJson(x: JsonExchange, retried = false): Promise<{ status: number; text: string }> {
  const secure = x.url.protocol === "https:";
  const transport = secure ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(x.url, {
      method: x.method,
      headers: x.headers,
      agent: secure ? keptAlive["https:"] : keptAlive["http:"],
      signal: AbortSignal.timeout(x.timeoutMs),
    });
    req.once("error", (err: NodeJS.ErrnoException) => {
      const closedUnderUs = req.reusedSocket && (err.code === "ECONNRESET" || err.code === "EPIPE");
      if (closedUnderUs && !retried) resolve(exchangeJson(x, true));
      else reject(err);
    });
    req.once("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.once("error", reject);
      res.once("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.end(x.body);
  });
}

/** Where a Graph call goes: the base URL, then each segment encoded on its own (an id never becomes a path or host). */
function graphUrl(baseUrl: string, segments: readonly string[], query: Record<string, string> = {}): URL {
  const url = new URL(`${baseUrl}/${segments.map(encodeURIComponent).join("/")}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url;
}

export class GraphClient {
  constructor(private readonly creds: GraphCredentials) {}

  get phoneNumberId() {
    return this.creds.phoneNumberId;
  }

  private get bearer() {
    return `Bearer ${this.creds.accessToken}`;
  }

  private async call(url: URL, init: RequestInit, code: ErrorCode, timeoutMs: number): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(url, {
        ...init,
        headers: { ...init.headers, authorization: this.bearer },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new GraphUnavailable(code, `Graph API unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) {
      const text = await res.text().catch(() => "");
      throw new (passing(res.status) ? GraphUnavailable : ChannelError)(code, failure(res.status, text));
    }
    return res;
  }

  /** GET (or POST `body`) {base}/{segments…}?{query}. */
  async json<T>(
    segments: readonly string[],
    code: ErrorCode,
    body?: unknown,
    query?: Record<string, string>,
  ): Promise<T> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { authorization: this.bearer };
    if (payload !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(Buffer.byteLength(payload));
    }
    const url = graphUrl(this.creds.baseUrl, segments, query);
    let answer: { status: number; text: string };
    try {
      const method = payload === undefined ? "GET" : "POST";
      answer = await exchangeJson({ url, method, headers, body: payload, timeoutMs: JSON_TIMEOUT_MS });
    } catch (err) {
      throw new GraphUnavailable(code, `Graph API unreachable: ${(err as Error).message}`);
    }
    const { status, text } = answer;
    if (status < 200 || status > 299) {
      throw new (passing(status) ? GraphUnavailable : ChannelError)(code, failure(status, text));
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      // Not tried again: the call may have been carried out.
      throw new ChannelError(code, `Graph API answered ${status} with a body that is not JSON`);
    }
  }

  /** POST /{phone-number-id}/media: the file goes up once and is sent by its id. */
  async upload(data: Buffer, mimetype: string, fileName: string): Promise<string> {
    const form = new FormData();
    form.append("messaging_product", "whatsapp");
    form.append("type", mimetype);
    form.append("file", new Blob([new Uint8Array(data)], { type: mimetype }), fileName);
    const res = await this.call(
      graphUrl(this.creds.baseUrl, [this.creds.phoneNumberId, "media"]),
      { method: "POST", body: form },
      "ERR_SENDING_WAPP_MSG",
      MEDIA_TIMEOUT_MS,
    );
    const { id } = (await res.json()) as { id?: string };
    if (!id) throw new ChannelError("ERR_SENDING_WAPP_MSG", "the media upload answered no id");
    return id;
  }

  /** GET /{media-id} → where the file is, its type and the size Meta declares for it (file_size). */
  async mediaInfo(mediaId: string): Promise<{ url: string; mimetype?: string; size?: number }> {
    const meta = await this.json<{ url?: string; mime_type?: string; file_size?: number | string }>(
      [mediaId],
      "ERR_WAPP_DOWNLOAD_MEDIA",
    );
    if (!meta.url) throw new ChannelError("ERR_WAPP_DOWNLOAD_MEDIA", `media ${mediaId} has no url`);
    const size = Number(meta.file_size);
    return { url: meta.url, mimetype: meta.mime_type, size: Number.isFinite(size) ? size : undefined };
  }

  /**
   * The file at a media url (with the same bearer), as it downloads. The url is
   * Graph's answer: on the Graph API's own host (the operator's) it is called as
   * Graph is; elsewhere (Meta serves files from another host) only through the
   * SSRF guard, so no answer can send our bearer to an internal address.
   */
  async mediaStream(url: string): Promise<Readable> {
    const code = "ERR_WAPP_DOWNLOAD_MEDIA";
    const target = URL.parse(url);
    if (!target) throw new ChannelError(code, "the media url is not a URL");
    if (target.origin === new URL(this.creds.baseUrl).origin) {
      const res = await this.call(target, { method: "GET" }, code, MEDIA_TIMEOUT_MS);
      if (!res.body) throw new ChannelError(code, "the media download has no body");
      return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
    }
    return this.guardedDownload(target, code);
  }

  private async guardedDownload(url: URL, code: ErrorCode): Promise<Readable> {
    let res;
    try {
      res = await outboundStream(url, {
        headers: new Headers({ authorization: this.bearer }),
        timeoutMs: MEDIA_TIMEOUT_MS,
      });
    } catch (err) {
      const retryable = err instanceof OutboundError && err.retryable;
      throw new (retryable ? GraphUnavailable : ChannelError)(code, `media download: ${(err as Error).message}`);
    }
    const status = res.statusCode ?? 0;
    if (status < 200 || status > 299) {
      res.resume();
      throw new (passing(status) ? GraphUnavailable : ChannelError)(code, `the media download answered ${status}`);
    }
    return res;
  }
}
