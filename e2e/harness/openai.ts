/**
 * The fake AI provider's control side (apps/server/test/fake-openai.ts): specs script what the AI answers
 * and read what it was sent. The server calls it as its OPENAI_BASE_URL, so a prompt saved with an empty
 * base URL reaches it.
 */
import type { FakeOpenAiReply, FakeOpenAiRequest } from "../../apps/server/test/fake-openai.js";
import { readEnv } from "./env.js";

const origin = () => readEnv("openAiURL").replace(/\/v1$/, "");

async function control<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${origin()}/_control${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`fake OpenAI ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The next chat completions answer these, in order (then the default reply). */
export function aiReplies(...chat: FakeOpenAiReply[]) {
  return control<unknown>("/replies", { chat });
}

/** What a transcription answers from now on. */
export function aiTranscribes(text: string) {
  return control<unknown>("/replies", { transcription: { text } });
}

/** Every request the fake got (a file as its name, type and size). */
export function aiRequests() {
  return control<(Omit<FakeOpenAiRequest, "file"> & { file?: { name: string; type: string; size: number } })[]>(
    "/requests",
  );
}
