/**
 * One attempt of a delivery: the stored body POSTed to urlN8N through the
 * guarded client (issue 17 item 7: urlN8N is a URL a company stored, so the
 * SSRF guard checks it again now; 10 s for the whole call). Any 2xx is
 * delivered; anything else — another status, a redirect (a POST is not
 * followed anywhere), a timeout, a refused connection, a forbidden address —
 * is a failed attempt with what the log shows of it.
 */
import { OutboundError, outboundFetch } from "../../outbound/index.js";
import { deliveryHeaders } from "./signature.js";

export const deliveryTimeoutMs = 10_000;

export type AttemptOutcome =
  { delivered: true; statusCode: number } | { delivered: false; statusCode: number | null; error: string };

/** What the log says of a call that got no answer. */
function failureText(err: unknown): string {
  if (err instanceof OutboundError) return err.kind === "timeout" ? "timeout" : `${err.kind}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}

export async function attemptDelivery(
  url: string,
  delivery: { id: string; event: string; body: string },
  secret: string,
): Promise<AttemptOutcome> {
  try {
    const res = await outboundFetch(url, {
      method: "POST",
      headers: deliveryHeaders(delivery, secret),
      body: delivery.body,
      timeoutMs: deliveryTimeoutMs,
      redirect: "manual",
    });
    if (res.ok) return { delivered: true, statusCode: res.status };
    return { delivered: false, statusCode: res.status, error: `HTTP ${res.status}` };
  } catch (err) {
    return { delivered: false, statusCode: null, error: failureText(err) };
  }
}
