/**
 * A small OpenAI-compatible API on 127.0.0.1 that our server talks to in tests
 * and the end-to-end run, built from OpenAI's API reference:
 *
 *   POST {url}/chat/completions      JSON {model, messages: [{role, content}], temperature, max_tokens, …}
 *                                    → {id: "chatcmpl-…", object: "chat.completion", created, model,
 *                                       choices: [{index: 0, message: {role: "assistant", content}, logprobs: null,
 *                                       finish_reason: "stop"}], usage: {prompt_tokens, completion_tokens, total_tokens}}
 *   POST {url}/audio/transcriptions  multipart/form-data: file (the audio), model, response_format? (json default)
 *                                    → {text} (or the text alone with response_format=text)
 *
 * The key comes as `Authorization: Bearer <key>`; with `apiKeys` set, any other answers 401 in OpenAI's
 * error shape {error: {message, type, param, code}}. Every request is recorded (headers, JSON body or the
 * multipart fields and file). What a chat completion answers is scripted: queue replies with `reply(...)`
 * (each used once, in order; then `defaultReply`): a text, an HTTP error (429, 500, 401 …), a delay
 * before answering (for timeouts), or a dropped connection.
 *
 * Control side (for Playwright specs in another process):
 *   POST /_control/replies   {chat?: Reply[], transcription?: Reply, defaultReply?: Reply} → {}
 *   GET  /_control/requests  → every request recorded (file bytes as their size)
 *   POST /_control/reset     → no scripted replies, no requests
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { json, readBody } from "./fake-graph-http.js";

/** What the fake answers one call with. */
export type FakeOpenAiReply =
  | { text: string }
  | { status: number; message?: string; type?: string; code?: string }
  | { delayMs: number; then?: FakeOpenAiReply }
  | { drop: true };

export interface FakeOpenAiRequest {
  path: string;
  method: string;
  /** The Authorization header as sent. */
  authorization: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  /** A JSON body, parsed (chat completions). */
  body: ChatBody | undefined;
  /** A multipart body's text fields (transcriptions). */
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: Buffer } | undefined;
  at: number;
}

export interface ChatBody {
  model: string;
  messages: { role: "system" | "user" | "assistant"; content: string }[];
  temperature?: number;
  max_tokens?: number;
  [key: string]: unknown;
}

export interface FakeOpenAi {
  /** The API's base URL, as a prompt's baseUrl or OPENAI_BASE_URL holds it (ends in /v1). */
  url: string;
  origin: string;
  requests: FakeOpenAiRequest[];
  /** The chat completion calls only. */
  chats(): FakeOpenAiRequest[];
  transcriptions(): FakeOpenAiRequest[];
  /** Queues replies for the next chat completions, in order. */
  reply(...replies: FakeOpenAiReply[]): void;
  /** What a chat completion answers once the queued replies are used. */
  defaultReply: FakeOpenAiReply;
  /** What a transcription answers. */
  transcription: FakeOpenAiReply;
  /** Only these keys are accepted (none: any key). */
  apiKeys: Set<string>;
  reset(): void;
  close(): Promise<void>;
}

const openAiError = (res: ServerResponse, status: number, reply: { message?: string; type?: string; code?: string }) =>
  json(res, status, {
    error: {
      message: reply.message ?? `fake error ${status}`,
      type:
        reply.type ??
        (status === 429 ? "rate_limit_exceeded" : status >= 500 ? "server_error" : "invalid_request_error"),
      param: null,
      code: reply.code ?? null,
    },
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function completion(model: string, content: string, messages: ChatBody["messages"]) {
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
  const prompt = messages.reduce((n, m) => n + words(m.content ?? ""), 0);
  const completionTokens = words(content);
  return {
    id: `chatcmpl-${randomBytes(12).toString("hex")}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      { index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: "stop" },
    ],
    usage: { prompt_tokens: prompt, completion_tokens: completionTokens, total_tokens: prompt + completionTokens },
  };
}

async function readMultipart(req: IncomingMessage, raw: Buffer) {
  const form = await new Request("http://fake.invalid/", {
    method: "POST",
    headers: { "content-type": req.headers["content-type"] ?? "" },
    body: new Uint8Array(raw),
  }).formData();
  const fields: Record<string, string> = {};
  let file: FakeOpenAiRequest["file"];
  // forEach: typed alike by Node's FormData and the DOM's (the root tsconfig reads this file with the DOM lib).
  const entries: [string, string | Blob][] = [];
  form.forEach((value, name) => void entries.push([name, value]));
  for (const [name, value] of entries) {
    if (typeof value === "string") fields[name] = value;
    else if (name === "file") {
      const named = value as Blob & { name?: string };
      file = { name: named.name ?? "", type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
    }
  }
  return { fields, file };
}

export async function startFakeOpenAi(options: { apiKeys?: string[] } = {}): Promise<FakeOpenAi> {
  const requests: FakeOpenAiRequest[] = [];
  let queued: FakeOpenAiReply[] = [];

  const fake: Omit<FakeOpenAi, "url" | "origin" | "close"> = {
    requests,
    chats: () => requests.filter((r) => r.path.endsWith("/chat/completions")),
    transcriptions: () => requests.filter((r) => r.path.endsWith("/audio/transcriptions")),
    reply: (...replies) => void queued.push(...replies),
    defaultReply: { text: "Olá! Como posso ajudar?" },
    transcription: { text: "transcrição de teste" },
    apiKeys: new Set(options.apiKeys ?? []),
    reset() {
      queued = [];
      requests.length = 0;
    },
  };

  async function answer(res: ServerResponse, reply: FakeOpenAiReply, ok: (text: string) => void): Promise<void> {
    if ("delayMs" in reply) {
      await sleep(reply.delayMs);
      if (res.destroyed) return;
      return answer(res, reply.then ?? { text: "tarde demais" }, ok);
    }
    if ("drop" in reply) return void res.socket?.destroy();
    if ("status" in reply) return openAiError(res, reply.status, reply);
    ok(reply.text);
  }

  function authorised(req: IncomingMessage, res: ServerResponse): boolean {
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (key && (fake.apiKeys.size === 0 || fake.apiKeys.has(key))) return true;
    openAiError(res, 401, {
      message: "Incorrect API key provided.",
      type: "invalid_request_error",
      code: "invalid_api_key",
    });
    return false;
  }

  async function control(req: IncomingMessage, res: ServerResponse, raw: Buffer, path: string) {
    if (path === "/_control/requests") {
      return json(
        res,
        200,
        requests.map((r) => ({
          ...r,
          file: r.file ? { name: r.file.name, type: r.file.type, size: r.file.bytes.length } : undefined,
        })),
      );
    }
    if (path === "/_control/reset") {
      fake.reset();
      return json(res, 200, {});
    }
    if (path === "/_control/replies" && req.method === "POST") {
      const body = JSON.parse(raw.toString("utf8") || "{}") as {
        chat?: FakeOpenAiReply[];
        transcription?: FakeOpenAiReply;
        defaultReply?: FakeOpenAiReply;
      };
      if (body.chat) fake.reply(...body.chat);
      if (body.transcription) fake.transcription = body.transcription;
      if (body.defaultReply) fake.defaultReply = body.defaultReply;
      return json(res, 200, {});
    }
    json(res, 404, {});
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const path = new URL(req.url ?? "/", "http://fake.invalid").pathname;
    if (path.startsWith("/_control/")) return control(req, res, raw, path);
    const multipart = (req.headers["content-type"] ?? "").startsWith("multipart/form-data");
    const parts = multipart ? await readMultipart(req, raw) : { fields: {}, file: undefined };
    let body: ChatBody | undefined;
    if (!multipart && raw.length) {
      try {
        body = JSON.parse(raw.toString("utf8")) as ChatBody;
      } catch {
        return openAiError(res, 400, { message: "We could not parse the JSON body of your request." });
      }
    }
    requests.push({
      path,
      method: req.method ?? "GET",
      authorization: req.headers.authorization,
      headers: { ...req.headers },
      body,
      ...parts,
      at: Date.now(),
    });
    if (req.method !== "POST") return openAiError(res, 404, { message: `Unknown request URL: ${path}` });
    if (path === "/v1/chat/completions") {
      if (!authorised(req, res)) return;
      if (!body?.model || !Array.isArray(body.messages)) {
        return openAiError(res, 400, { message: "you must provide a model parameter and messages" });
      }
      const reply = queued.shift() ?? fake.defaultReply;
      return answer(res, reply, (text) => json(res, 200, completion(body.model, text, body.messages)));
    }
    if (path === "/v1/audio/transcriptions") {
      if (!authorised(req, res)) return;
      if (!parts.file || !parts.fields.model) return openAiError(res, 400, { message: "file and model are required" });
      return answer(res, fake.transcription, (text) =>
        parts.fields.response_format === "text"
          ? res.writeHead(200, { "content-type": "text/plain" }).end(text)
          : json(res, 200, { text }),
      );
    }
    openAiError(res, 404, { message: `Unknown request URL: POST ${path}` });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, { error: { message: String(err), type: "server_error" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    ...fake,
    url: `${origin}/v1`,
    origin,
    get defaultReply() {
      return fake.defaultReply;
    },
    set defaultReply(reply) {
      fake.defaultReply = reply;
    },
    get transcription() {
      return fake.transcription;
    },
    set transcription(reply) {
      fake.transcription = reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
