/**
 * An integration's two secrets at rest (issue 17 item 2): the Dialogflow
 * service-account JSON (`jsonContent`, encrypted whole; answers mask only its
 * `private_key`) and the signing secret of n8n and webhook deliveries
 * (encrypted; answered whole to administrators, generated at creation).
 */
import { randomBytes } from "node:crypto";
import { decryptSecret, encryptSecret, maskSecret } from "../secrets/index.js";

/** 32 random bytes, hex: the HMAC-SHA256 key of X-Balcao-Signature. */
export function newSigningSecret(): string {
  return encryptSecret(randomBytes(32).toString("hex"));
}

export function signingSecretOf(row: { signingSecret: string }): string {
  return decryptSecret(row.signingSecret);
}

/** The stored JSON in plain text ("" when none). */
export function jsonContentOf(row: { jsonContent: string }): string {
  return row.jsonContent ? decryptSecret(row.jsonContent) : "";
}

function objectOf(json: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The JSON as answers carry it: its private_key masked, the rest as stored. A
 * text that is no JSON object (a paste the admin has yet to fix) carries no
 * key we can tell apart, so it is masked whole.
 */
export function maskedJsonContent(stored: string): string {
  const plain = stored ? decryptSecret(stored) : "";
  if (!plain) return "";
  const json = objectOf(plain);
  if (!json) return maskSecret(plain);
  if (typeof json.private_key !== "string") return plain;
  return JSON.stringify({ ...json, private_key: maskSecret(json.private_key) }, null, 2);
}

/**
 * What a save (or a session test) means by the JSON it sent: one whose
 * private_key is the mask of the stored one (the dialog sends back what it
 * read) keeps the stored key; anything else is taken as sent.
 */
export function sentJsonContent(sent: string, storedPlain: string): string {
  if (!sent || !storedPlain) return sent;
  if (sent === maskSecret(storedPlain)) return storedPlain;
  const json = objectOf(sent);
  const stored = objectOf(storedPlain);
  if (!json || typeof json.private_key !== "string" || typeof stored?.private_key !== "string") return sent;
  if (json.private_key !== maskSecret(stored.private_key)) return sent;
  return JSON.stringify({ ...json, private_key: stored.private_key }, null, 2);
}

export function encryptJsonContent(plain: string): string {
  return plain ? encryptSecret(plain) : "";
}
