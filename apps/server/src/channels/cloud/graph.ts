/**
 * A small Graph API client for one Cloud API phone number: bearer token,
 * timeouts, and Graph error objects turned into ChannelErrors that carry
 * Meta's own message.
 */
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

async function failure(res: Response): Promise<string> {
  const text = await res.text().catch(() => "");
  try {
    const { error } = JSON.parse(text) as GraphErrorBody;
    const message = error?.error_data?.details ?? error?.message;
    if (message) return error?.code ? `${message} (#${error.code})` : message;
  } catch {
    // not JSON: fall through to the status line
  }
  return `Graph API answered ${res.status}`;
}

/**
 * A call that failed for a passing reason (the Graph API unreachable, timing
 * out, failing inside or throttling us), not for what it asked: worth trying again.
 */
export class GraphUnavailable extends ChannelError {}

const passing = (status: number) => status >= 500 || status === 429 || status === 408;

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
    if (!res.ok) throw new (passing(res.status) ? GraphUnavailable : ChannelError)(code, await failure(res));
    return res;
  }

  /** GET (or POST `body`) {base}/{segments…}?{query}. */
  async json<T>(
    segments: readonly string[],
    code: ErrorCode,
    body?: unknown,
    query?: Record<string, string>,
  ): Promise<T> {
    const init: RequestInit =
      body === undefined
        ? { method: "GET" }
        : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
    const res = await this.call(graphUrl(this.creds.baseUrl, segments, query), init, code, JSON_TIMEOUT_MS);
    return (await res.json()) as T;
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
