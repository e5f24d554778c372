/**
 * Typebot's chat API (https://docs.typebot.io/api-reference/chat), on the
 * viewer's base URL the integration stores as urlN8N, through the guarded
 * client (a company's URL: the SSRF guard checks it at every call):
 *
 *   POST {url}/api/v1/typebots/{slug}/startChat  {prefilledVariables, textBubbleContentFormat: "richText"}
 *   POST {url}/api/v1/sessions/{sessionId}/continueChat  {message: {type: "text", text}}
 *   → {sessionId (start only), messages: [bubble…], input?: {type, items?…}, clientSideActions?}
 */
import { OutboundError, outboundFetch } from "../../outbound/index.js";

export interface TypebotBubble {
  id?: string;
  type: string;
  content?: {
    type?: string;
    richText?: unknown;
    markdown?: string;
    url?: string;
    plainText?: string;
  };
}

export interface TypebotChoice {
  id: string;
  content?: string;
  title?: string;
}

export interface TypebotInput {
  id?: string;
  type: string;
  items?: TypebotChoice[];
  options?: { isMultipleChoice?: boolean };
}

export interface TypebotAnswer {
  sessionId?: string;
  messages?: TypebotBubble[];
  input?: TypebotInput;
  clientSideActions?: unknown[];
}

/** Typebot did not answer usefully; `gone`: the session it was asked to continue no longer exists. */
export class TypebotError extends Error {
  override readonly name = "TypebotError";
  constructor(
    message: string,
    readonly gone = false,
  ) {
    super(message);
  }
}

const base = (url: string) => url.replace(/\/+$/, "");

async function post(url: string, body: unknown): Promise<TypebotAnswer> {
  let res;
  try {
    res = await outboundFetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw new TypebotError(err instanceof OutboundError ? err.message : String(err));
  }
  if (!res.ok) throw new TypebotError(`Typebot answered ${res.status}`, res.status === 404);
  try {
    return await res.json<TypebotAnswer>();
  } catch {
    throw new TypebotError("Typebot answered no JSON");
  }
}

export function startChat(
  url: string,
  slug: string,
  prefilledVariables: Record<string, string>,
): Promise<TypebotAnswer> {
  return post(`${base(url)}/api/v1/typebots/${encodeURIComponent(slug)}/startChat`, {
    prefilledVariables,
    textBubbleContentFormat: "richText",
  });
}

export function continueChat(url: string, sessionId: string, text: string): Promise<TypebotAnswer> {
  return post(`${base(url)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, {
    message: { type: "text", text },
    textBubbleContentFormat: "richText",
  });
}
