/**
 * A GET whose body is read as it arrives (a file too large to hold whole), for
 * a URL that came from outside: connected only to addresses the SSRF guard
 * accepts (connect.ts), http(s) only, no redirects followed, the whole
 * exchange bounded by `timeoutMs`. The answer's status is the caller's to read.
 */
import type { IncomingMessage } from "node:http";
import { exchange } from "./connect.js";
import { OutboundError, shownUrl } from "./errors.js";
import { outboundPolicy } from "./policy.js";

export function outboundStream(url: URL, init: { headers: Headers; timeoutMs: number }): Promise<IncomingMessage> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    const shown = shownUrl(url);
    return Promise.reject(new OutboundError("forbidden", `${shown} is not http(s)`, shown));
  }
  const deadline = AbortSignal.timeout(init.timeoutMs);
  return exchange({
    url,
    method: "GET",
    headers: init.headers,
    body: undefined,
    signal: deadline,
    deadline,
    guard: outboundPolicy(),
  });
}
