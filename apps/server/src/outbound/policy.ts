/**
 * The SSRF guard: which URLs a company may make us call (issue 17 item 7).
 *
 * Only http and https; every address the host resolves to must be public, or
 * private (loopback, RFC 1918, fc00::/7) while ALLOW_PRIVATE_OUTBOUND is on;
 * link-local (cloud metadata) and unspecified addresses never. The policy is
 * process-wide, set once at start from the config (server.ts
 * `setOutboundPolicy`); tests set it the same way.
 *
 * Save time: `assertOutboundUrlAllowed(url)` (AppError ERR_OUTBOUND_URL_FORBIDDEN).
 * Call time: outboundFetch checks again, on the addresses it connects to.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { AppError } from "../http/errors.js";
import { addressAllowed } from "./addresses.js";

export interface OutboundPolicy {
  /** ALLOW_PRIVATE_OUTBOUND: loopback and private networks may be called (link-local still not). */
  allowPrivate: boolean;
}

let policy: OutboundPolicy = { allowPrivate: false };

export function setOutboundPolicy(next: OutboundPolicy): void {
  policy = { ...next };
}

export function outboundPolicy(): OutboundPolicy {
  return policy;
}

/** A host as URL gives it, without IPv6 brackets. */
export function bareHost(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

export type UrlVerdict = { ok: true } | { ok: false; reason: "scheme" | "address" | "unparsable" };

export function parseOutboundUrl(url: string | URL): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * Whether `url` may be called now. A host that does not resolve passes here
 * (nothing to call; the call itself then fails as a network error, and checks again).
 */
export async function checkOutboundUrl(url: string | URL, current: OutboundPolicy = policy): Promise<UrlVerdict> {
  const parsed = parseOutboundUrl(url);
  if (!parsed) return { ok: false, reason: "unparsable" };
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return { ok: false, reason: "scheme" };
  const host = bareHost(parsed);
  if (isIP(host)) return addressAllowed(host, current.allowPrivate) ? { ok: true } : { ok: false, reason: "address" };
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    return { ok: true };
  }
  return addresses.every((a) => addressAllowed(a.address, current.allowPrivate))
    ? { ok: true }
    : { ok: false, reason: "address" };
}

/** For saves of a URL a company stores (a prompt's baseUrl, urlN8N, a service account's token_uri); `field` names it in the answer. */
export async function assertOutboundUrlAllowed(url: string | URL, details: { field?: string } = {}): Promise<void> {
  const verdict = await checkOutboundUrl(url);
  if (!verdict.ok) throw new AppError("ERR_OUTBOUND_URL_FORBIDDEN", { ...details, reason: verdict.reason });
}
