/** Why an outbound call failed, so callers can decide on a retry (timeout and network: yes; the rest: no). */
export type OutboundErrorKind = "timeout" | "network" | "forbidden" | "too-large" | "redirect";

export class OutboundError extends Error {
  override readonly name = "OutboundError";
  constructor(
    readonly kind: OutboundErrorKind,
    message: string,
    /** The URL that was being called (its query string dropped: it may carry a key). */
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Worth another attempt later: the other side may answer then. */
  get retryable(): boolean {
    return this.kind === "timeout" || this.kind === "network";
  }
}

/** A URL as errors and logs may show it: no credentials, no query. */
export function shownUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}
