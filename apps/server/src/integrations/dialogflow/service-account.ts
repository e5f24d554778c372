/**
 * A Google service account's access token (OAuth 2.0 for server-to-server
 * applications): a JWT signed RS256 with the account's private key (node:crypto)
 * exchanged at its token_uri for a bearer token. token_uri is part of the JSON
 * the company stored, so the call goes through the guarded client unprivileged
 * (the SSRF guard checks it again at call time).
 */
import { createPrivateKey, createSign, type KeyObject } from "node:crypto";
import { OutboundError, outboundFetch } from "../../outbound/index.js";

export interface ServiceAccount {
  projectId: string;
  clientEmail: string;
  privateKeyId: string;
  privateKey: KeyObject;
  tokenUri: string;
}

/** Why a Dialogflow call failed, in the words of the catalogue (testSession answers them). */
export type DialogflowFailure = "ERR_DIALOGFLOW_INVALID_JSON" | "ERR_DIALOGFLOW_AUTH" | "ERR_DIALOGFLOW_PROJECT";

export class DialogflowError extends Error {
  override readonly name = "DialogflowError";
  constructor(
    readonly code: DialogflowFailure,
    message: string,
    /** Worth another turn later (timeout, network, 429, 5xx): the agent may answer then. */
    readonly retryable = false,
  ) {
    super(message);
  }
}

/** Dialogflow's scope (the cloud-platform scope covers it too). */
const scope = "https://www.googleapis.com/auth/dialogflow";

const text = (v: unknown) => (typeof v === "string" ? v : "");

/** The parts of the JSON a token needs; anything missing or unreadable is ERR_DIALOGFLOW_INVALID_JSON. */
export function parseServiceAccount(json: string): ServiceAccount {
  let parsed: Record<string, unknown>;
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("not an object");
    parsed = value as Record<string, unknown>;
  } catch {
    throw new DialogflowError("ERR_DIALOGFLOW_INVALID_JSON", "the service account is not JSON");
  }
  const clientEmail = text(parsed.client_email);
  const tokenUri = text(parsed.token_uri) || "https://oauth2.googleapis.com/token";
  if (!clientEmail || !text(parsed.private_key)) {
    throw new DialogflowError("ERR_DIALOGFLOW_INVALID_JSON", "client_email or private_key missing");
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(text(parsed.private_key));
  } catch {
    throw new DialogflowError("ERR_DIALOGFLOW_INVALID_JSON", "private_key is not a PEM key");
  }
  return {
    projectId: text(parsed.project_id),
    clientEmail,
    privateKeyId: text(parsed.private_key_id),
    privateKey,
    tokenUri,
  };
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString("base64url");

/** The signed assertion of RFC 7523 as Google reads it: one hour, for `scope`, addressed to token_uri. */
export function signAssertion(account: ServiceAccount, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const header = { alg: "RS256", typ: "JWT", ...(account.privateKeyId ? { kid: account.privateKeyId } : {}) };
  const claims = { iss: account.clientEmail, scope, aud: account.tokenUri, iat, exp: iat + 3600 };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign("RSA-SHA256").update(unsigned).sign(account.privateKey);
  return `${unsigned}.${base64url(signature)}`;
}

const retryableStatus = (status: number) => status === 429 || status >= 500;

/** A bearer token for the account; refused keys are ERR_DIALOGFLOW_AUTH, an unreachable token_uri a retryable one. */
export async function accessToken(account: ServiceAccount): Promise<string> {
  const body = new URLSearchParams({
    grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
    assertion: signAssertion(account),
  });
  let res;
  try {
    res = await outboundFetch(account.tokenUri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    });
  } catch (err) {
    const retryable = err instanceof OutboundError && err.retryable;
    throw new DialogflowError("ERR_DIALOGFLOW_AUTH", `token_uri: ${(err as Error).message}`, retryable);
  }
  const answer: { access_token?: unknown } = await res.json<{ access_token?: unknown }>().catch(() => ({}));
  if (!res.ok || typeof answer.access_token !== "string") {
    throw new DialogflowError("ERR_DIALOGFLOW_AUTH", `token_uri answered ${res.status}`, retryableStatus(res.status));
  }
  return answer.access_token;
}
