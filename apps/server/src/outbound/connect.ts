/**
 * One HTTP exchange on node:http(s), connected only to addresses the guard
 * accepted: the socket's own DNS lookup is the check (policy.ts), so what is
 * checked is what is connected to, and a name that resolves elsewhere a moment
 * later (DNS rebinding) changes nothing. An IP literal is checked before it is dialled.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { addressAllowed } from "./addresses.js";
import { OutboundError, shownUrl } from "./errors.js";
import { bareHost } from "./policy.js";

/** The lookup's refusal, told apart from a DNS failure when the request errors. */
class ForbiddenAddress extends Error {
  constructor(readonly address: string) {
    super(`outbound call to a forbidden address (${address})`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that answers only when every address of the name is allowed. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { family: options.family, hints: options.hints, all: true }, (err, addresses) => {
      if (err) return callback(err, "");
      const refused = addresses.find((a) => !addressAllowed(a.address, allowPrivate));
      if (refused) return callback(new ForbiddenAddress(refused.address), "");
      if (addresses.length === 0)
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "");
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export interface Exchange {
  url: URL;
  method: string;
  headers: Headers;
  body: Buffer | undefined;
  /** Ends the exchange: the call's deadline and the caller's own signal. */
  signal: AbortSignal;
  /** The deadline alone, to tell a timeout from the caller's abort. */
  deadline: AbortSignal;
  /** undefined: trusted (the operator's own URL), no address check. */
  guard: { allowPrivate: boolean } | undefined;
}

/** What a failed exchange becomes: the caller's abort as fetch gives it, the rest as OutboundError. */
export function outboundFailure(err: unknown, x: Pick<Exchange, "url" | "signal" | "deadline">): Error {
  if (err instanceof OutboundError) return err;
  const url = shownUrl(x.url);
  if (x.deadline.aborted) return new OutboundError("timeout", `no answer from ${url} in time`, url, { cause: err });
  if (x.signal.aborted)
    return x.signal.reason instanceof Error ? x.signal.reason : new Error("aborted", { cause: err });
  if (err instanceof ForbiddenAddress)
    return new OutboundError("forbidden", `${url} resolves to a forbidden address`, url, { cause: err });
  return new OutboundError("network", `${url}: ${(err as Error)?.message ?? String(err)}`, url, { cause: err });
}

/** Sends the request and resolves with the response head; its body is the caller's to read or discard. */
export function exchange(x: Exchange): Promise<IncomingMessage> {
  const host = bareHost(x.url);
  if (x.guard && isIP(host) && !addressAllowed(host, x.guard.allowPrivate)) {
    return Promise.reject(outboundFailure(new ForbiddenAddress(host), x));
  }
  const headers: Record<string, string> = {};
  x.headers.forEach((value, name) => (headers[name] = value));
  if (x.body) headers["content-length"] = String(x.body.length);
  const transport = x.url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(x.url, {
      method: x.method,
      headers,
      // A fresh connection each call: a pooled socket would skip the address check of this call's policy.
      agent: false,
      lookup: x.guard ? guardedLookup(x.guard.allowPrivate) : undefined,
      signal: x.signal,
    });
    req.once("response", resolve);
    req.once("error", (err) => reject(outboundFailure(err, x)));
    req.end(x.body);
  });
}
