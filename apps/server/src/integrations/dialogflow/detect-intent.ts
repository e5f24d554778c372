/**
 * Dialogflow ES v2 detect intent over REST (issue 17 item 6):
 * POST {DIALOGFLOW_API_URL}/v2/projects/{project}/agent/sessions/{session}:detectIntent
 * with {queryInput: {text: {text, languageCode}}}. DIALOGFLOW_API_URL is the
 * operator's, so the call is trusted; the token comes from service-account.ts.
 */
import { createHash } from "node:crypto";
import { OutboundError, outboundFetch } from "../../outbound/index.js";
import { accessToken, DialogflowError, type ServiceAccount } from "./service-account.js";

/** What a turn needs of Google's QueryResult. */
export interface DetectIntentResult {
  /** The text fulfilment messages, in order (fulfillmentText when there are none). */
  texts: string[];
  /** The matched intent ends the interaction (intent.endInteraction, or diagnosticInfo.end_conversation). */
  endsInteraction: boolean;
}

interface QueryResult {
  fulfillmentText?: string;
  fulfillmentMessages?: { text?: { text?: string[] }; platform?: string }[];
  intent?: { displayName?: string; endInteraction?: boolean };
  diagnosticInfo?: { end_conversation?: boolean };
}

/** A token lives an hour; one is reused for 50 minutes per company and key. */
const tokens = new Map<string, { token: string; until: number }>();
const tokenLifeMs = 50 * 60_000;

/**
 * Whose token a cached one is: the company, and a hash of the key that signed
 * the exchange. client_email and private_key_id are public, so a key naming
 * them without holding the private key must not find another's token (issue 29 item 5).
 */
function tokenKey(companyId: number, account: ServiceAccount): string {
  const keyHash = createHash("sha256")
    .update(account.privateKey.export({ type: "pkcs8", format: "der" }))
    .digest("hex");
  return `${companyId} ${account.tokenUri} ${account.clientEmail} ${keyHash}`;
}

function forgetExpired(now: number): void {
  for (const [key, cached] of tokens) if (cached.until <= now) tokens.delete(key);
}

async function tokenFor(key: string, account: ServiceAccount): Promise<string> {
  const cached = tokens.get(key);
  if (cached && cached.until > Date.now()) return cached.token;
  const token = await accessToken(account);
  forgetExpired(Date.now());
  tokens.set(key, { token, until: Date.now() + tokenLifeMs });
  return token;
}

function resultOf(q: QueryResult): DetectIntentResult {
  // Messages for a given platform repeat the default ones; the default (no platform) ones are WhatsApp's.
  const texts = (q.fulfillmentMessages ?? [])
    .filter((m) => !m.platform || m.platform === "PLATFORM_UNSPECIFIED")
    .flatMap((m) => m.text?.text ?? [])
    .filter((t) => t.trim());
  if (!texts.length && q.fulfillmentText?.trim()) texts.push(q.fulfillmentText);
  return { texts, endsInteraction: Boolean(q.intent?.endInteraction || q.diagnosticInfo?.end_conversation) };
}

export async function detectIntent(input: {
  companyId: number;
  apiUrl: string;
  account: ServiceAccount;
  project: string;
  session: string;
  text: string;
  languageCode: string;
}): Promise<DetectIntentResult> {
  // Neither projectName nor the JSON's project_id: no agent to ask.
  if (!input.project) throw new DialogflowError("ERR_DIALOGFLOW_PROJECT", "no project");
  const key = tokenKey(input.companyId, input.account);
  const token = await tokenFor(key, input.account);
  const path = `/v2/projects/${encodeURIComponent(input.project)}/agent/sessions/${encodeURIComponent(input.session)}:detectIntent`;
  let res;
  try {
    res = await outboundFetch(`${input.apiUrl.replace(/\/+$/, "")}${path}`, {
      method: "POST",
      trusted: true,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ queryInput: { text: { text: input.text, languageCode: input.languageCode } } }),
    });
  } catch (err) {
    const retryable = err instanceof OutboundError && err.retryable;
    throw new DialogflowError("ERR_DIALOGFLOW_PROJECT", `detectIntent: ${(err as Error).message}`, retryable);
  }
  if (res.status === 401) {
    tokens.delete(key);
    throw new DialogflowError("ERR_DIALOGFLOW_AUTH", "detectIntent answered 401", true);
  }
  if (!res.ok) {
    const retryable = res.status === 429 || res.status >= 500;
    throw new DialogflowError("ERR_DIALOGFLOW_PROJECT", `detectIntent answered ${res.status}`, retryable);
  }
  const body: { queryResult?: QueryResult } = await res.json<{ queryResult?: QueryResult }>().catch(() => ({}));
  return resultOf(body.queryResult ?? {});
}
