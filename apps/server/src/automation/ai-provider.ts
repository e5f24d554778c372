/**
 * The AI provider's two calls (issue 17 items 3–4), on any OpenAI-compatible
 * API (OpenAI, OpenRouter, Groq, Azure OpenAI, a local Ollama):
 * `{baseUrl}/chat/completions` and `{baseUrl}/audio/transcriptions`, through
 * the guarded client (outbound/): a prompt's own baseUrl passes the SSRF
 * guard again at each call; the operator's OPENAI_BASE_URL is trusted.
 *
 * Each call times out after 10 s; 429, 5xx, timeouts and network errors are
 * tried again, at most 3 attempts within 30 s; any other refusal (a bad key:
 * 401) is final. What is left is a ProviderFailure with a reason a person
 * can read (ticket notes show it).
 */
import { OutboundError, outboundFetch, type OutboundResponse } from "../outbound/index.js";

export interface AiEndpoint {
  /** No trailing slash needed. */
  baseUrl: string;
  /** The operator's own URL (OPENAI_BASE_URL): not checked against private addresses. */
  trusted: boolean;
  apiKey: string;
}

/** The retry rule's numbers; tests shorten them (the rule stays). */
export const providerTiming = {
  attemptTimeoutMs: 10_000,
  budgetMs: 30_000,
  maxAttempts: 3,
  /** Waits before the 2nd and 3rd attempts. */
  backoffMs: [1_000, 2_000],
};

export class ProviderFailure extends Error {
  override readonly name = "ProviderFailure";
  constructor(
    /** What went wrong, for the ticket note and the log (never the key). */
    readonly reason: string,
    readonly retryable: boolean,
  ) {
    super(reason);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The provider's own words for a refusal ({error: {message}} in OpenAI's shape), cut short. */
async function refusal(res: OutboundResponse): Promise<string> {
  let detail = "";
  try {
    const body = await res.json<{ error?: { message?: string } | string }>();
    detail = typeof body.error === "string" ? body.error : (body.error?.message ?? "");
  } catch {
    detail = (await res.text().catch(() => "")).slice(0, 200);
  }
  return `HTTP ${res.status}${detail ? `: ${detail.slice(0, 300)}` : ""}`;
}

/** One call: its answer when 2xx, else a ProviderFailure saying whether another attempt may help. */
async function attempt(url: string, init: RequestInit, endpoint: AiEndpoint, timeoutMs: number) {
  let res: OutboundResponse;
  try {
    res = await outboundFetch(url, { ...init, timeoutMs, trusted: endpoint.trusted });
  } catch (err) {
    if (err instanceof OutboundError) {
      const what = err.kind === "timeout" ? `no answer within ${Math.round(timeoutMs / 1000)} s` : err.message;
      throw new ProviderFailure(what, err.retryable);
    }
    throw err;
  }
  if (res.ok) return res;
  throw new ProviderFailure(await refusal(res), res.status === 429 || res.status >= 500);
}

/** The call, tried again on what may pass (429, 5xx, timeouts, network errors) while attempts and time remain. */
async function withRetries(url: string, init: RequestInit, endpoint: AiEndpoint): Promise<OutboundResponse> {
  const deadline = Date.now() + providerTiming.budgetMs;
  for (let n = 1; ; n++) {
    const timeoutMs = Math.min(providerTiming.attemptTimeoutMs, deadline - Date.now());
    try {
      return await attempt(url, init, endpoint, timeoutMs);
    } catch (err) {
      if (!(err instanceof ProviderFailure) || !err.retryable) throw err;
      const wait = providerTiming.backoffMs[n - 1] ?? 0;
      // Another attempt needs its wait and a useful share of the time left (a second, at least).
      if (n >= providerTiming.maxAttempts || Date.now() + wait + 1_000 > deadline) {
        throw new ProviderFailure(`${err.reason} (after ${n} attempts)`, true);
      }
      await sleep(wait);
    }
  }
}

const endpointUrl = (endpoint: AiEndpoint, path: string) => `${endpoint.baseUrl.replace(/\/+$/, "")}${path}`;

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature: number;
  max_tokens: number;
}

/** The assistant's text; a ProviderFailure when the provider gives none. */
export async function chatCompletion(endpoint: AiEndpoint, request: ChatRequest): Promise<string> {
  const res = await withRetries(
    endpointUrl(endpoint, "/chat/completions"),
    {
      method: "POST",
      headers: { authorization: `Bearer ${endpoint.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify(request),
    },
    endpoint,
  );
  let content: unknown;
  try {
    content = (await res.json<{ choices?: { message?: { content?: unknown } }[] }>()).choices?.[0]?.message?.content;
  } catch {
    throw new ProviderFailure("the provider's answer is not JSON", false);
  }
  if (typeof content !== "string") throw new ProviderFailure("the provider's answer has no text", false);
  return content;
}

export interface AudioFile {
  bytes: Buffer;
  name: string;
  mimetype: string;
}

/** The audio's text (OpenAI's json response_format: {text}). */
export async function transcribe(endpoint: AiEndpoint, model: string, audio: AudioFile): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(audio.bytes)], { type: audio.mimetype }), audio.name);
  form.set("model", model);
  form.set("response_format", "json");
  const res = await withRetries(
    endpointUrl(endpoint, "/audio/transcriptions"),
    { method: "POST", headers: { authorization: `Bearer ${endpoint.apiKey}` }, body: form },
    endpoint,
  );
  let text: unknown;
  try {
    text = (await res.json<{ text?: unknown }>()).text;
  } catch {
    throw new ProviderFailure("the provider's transcription is not JSON", false);
  }
  if (typeof text !== "string") throw new ProviderFailure("the provider's transcription has no text", false);
  return text.trim();
}
