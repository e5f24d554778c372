/**
 * A Typebot viewer's chat API on 127.0.0.1, for tests and the end-to-end
 * run, built from Typebot's API reference
 * (https://docs.typebot.io/api-reference/chat/start-chat, continue-chat):
 *
 *   POST /api/v1/typebots/{publicId}/startChat   {message?, prefilledVariables?, textBubbleContentFormat?}
 *        → {sessionId, resultId, typebot: {id, theme, settings}, messages, input?, clientSideActions?}
 *   POST /api/v1/sessions/{sessionId}/continueChat   {message: {type: "text", text} | string}
 *        → {messages, input?, clientSideActions?, lastMessageNewFormat?}
 *        | 404 {message: "Session not found.", code: "NOT_FOUND"} (unknown, ended or expired session)
 *   messages: [{id, type: "text", content: {type: "richText", richText: [slate blocks]} | {type: "markdown",
 *              markdown}} | {id, type: "image" | "video" | "audio", content: {url}}]
 *   input: {id, type: "choice input", items: [{id, content, outgoingEdgeId}], options} | {id, type: "text input", …}
 *   A choice input answered with none of its items' contents is asked again with
 *   Typebot's retry message ("Invalid message. Please, try again.").
 *
 * A bot here is a list of steps (what one answer shows); a session walks them.
 * Files for media bubbles are served at GET /files/{name}.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { json, readBody } from "./fake-graph-http.js";

export interface FakeTypebotStep {
  messages: Record<string, unknown>[];
  /** A choice input's labels (buttons), or "text" for a text input; none: the flow ends here. */
  input?: string[] | "text";
}

export interface FakeTypebotCall {
  kind: "startChat" | "continueChat";
  slug?: string;
  sessionId?: string;
  body: Record<string, unknown>;
}

export interface FakeTypebot {
  url: string;
  calls: FakeTypebotCall[];
  /** Publishes a bot under `slug`. */
  publish(slug: string, steps: FakeTypebotStep[]): void;
  /** Serves `bytes` at {url}/files/{name} with `contentType`. */
  file(name: string, bytes: Buffer, contentType: string): string;
  /** The next `count` calls answer `status` (500: Typebot is down). */
  failNext(count: number, status?: number): void;
  /** From now, calls are recorded but answered only once the returned release is called (a server killed meanwhile never hears). */
  holdAnswers(): () => void;
  /** Forgets a session, as Typebot does when it expires on its side. */
  forget(sessionId: string): void;
  close(): Promise<void>;
}

/** A slate-like rich text paragraph, as Typebot's editor stores one. */
export const paragraph = (...children: Record<string, unknown>[]) => ({ type: "p", children });
export const textBubble = (...paragraphs: Record<string, unknown>[]) => ({
  id: randomUUID(),
  type: "text",
  content: { type: "richText", richText: paragraphs },
});
export const markdownBubble = (markdown: string) => ({
  id: randomUUID(),
  type: "text",
  content: { type: "markdown", markdown },
});
export const mediaBubble = (type: "image" | "video" | "audio", url: string) => ({
  id: randomUUID(),
  type,
  content: { url },
});

interface Session {
  slug: string;
  step: number;
}

export async function startFakeTypebot(): Promise<FakeTypebot> {
  const bots = new Map<string, FakeTypebotStep[]>();
  const sessions = new Map<string, Session>();
  const files = new Map<string, { bytes: Buffer; contentType: string }>();
  let failures: number[] = [];
  let held: Promise<void> | undefined;

  function inputOf(step: FakeTypebotStep) {
    if (!step.input) return undefined;
    if (step.input === "text") {
      return { id: randomUUID(), type: "text input", options: { labels: { placeholder: "Type your answer..." } } };
    }
    return {
      id: randomUUID(),
      type: "choice input",
      items: step.input.map((content) => ({ id: randomUUID(), content, outgoingEdgeId: randomUUID() })),
      options: { isMultipleChoice: false },
    };
  }

  /** The answer for the session at its step; a step without input ends the session. */
  function answer(sessionId: string, session: Session) {
    const step = bots.get(session.slug)![session.step];
    if (!step) {
      sessions.delete(sessionId);
      return { messages: [] };
    }
    if (!step.input) sessions.delete(sessionId);
    const input = inputOf(step);
    return { messages: step.messages, ...(input ? { input } : {}), clientSideActions: [] };
  }

  const fake: FakeTypebot = {
    url: "",
    calls: [],
    publish: (slug, steps) => void bots.set(slug, steps),
    file(name, bytes, contentType) {
      files.set(name, { bytes, contentType });
      return `${fake.url}/files/${name}`;
    },
    failNext(count, status = 500) {
      failures = Array.from({ length: count }, () => status);
    },
    forget: (sessionId) => void sessions.delete(sessionId),
    holdAnswers() {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = undefined;
        release();
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? "").split("?")[0]!;
    if (req.method === "GET" && path.startsWith("/files/")) {
      const file = files.get(decodeURIComponent(path.slice("/files/".length)));
      if (!file) return json(res, 404, { message: "Not found" });
      res.writeHead(200, { "content-type": file.contentType, "content-length": file.bytes.length });
      return void res.end(file.bytes);
    }
    const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(path);
    const next = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
    if (req.method !== "POST" || (!start && !next)) return json(res, 404, { message: "Not found", code: "NOT_FOUND" });
    const body = JSON.parse((await readBody(req)).toString() || "{}") as Record<string, unknown>;
    const slug = start ? decodeURIComponent(start[1]!) : undefined;
    const sessionId = next ? decodeURIComponent(next[1]!) : undefined;
    fake.calls.push({ kind: start ? "startChat" : "continueChat", slug, sessionId, body });
    if (held) await held;
    const failure = failures.shift();
    if (failure) return json(res, failure, { message: "Internal server error", code: "INTERNAL_SERVER_ERROR" });
    if (slug !== undefined) {
      if (!bots.has(slug)) return json(res, 404, { message: "Typebot not found", code: "NOT_FOUND" });
      const id = randomUUID();
      const session = { slug, step: 0 };
      sessions.set(id, session);
      const typebot = { id: `tb-${slug}`, theme: {}, settings: {} };
      return json(res, 200, { sessionId: id, resultId: randomUUID(), typebot, ...answer(id, session) });
    }
    const session = sessions.get(sessionId!);
    if (!session) return json(res, 404, { message: "Session not found.", code: "NOT_FOUND" });
    const message = body.message as { text?: string } | string | undefined;
    const text = typeof message === "string" ? message : (message?.text ?? "");
    const step = bots.get(session.slug)![session.step]!;
    if (Array.isArray(step.input) && !step.input.includes(text)) {
      const retry = textBubble(paragraph({ text: "Invalid message. Please, try again." }));
      return json(res, 200, { messages: [retry], input: inputOf(step), clientSideActions: [] });
    }
    session.step += 1;
    json(res, 200, answer(sessionId!, session));
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  return fake;
}
