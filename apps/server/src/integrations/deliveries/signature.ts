/**
 * The signature every attempt of a delivery carries (issue 17 item 6; issue 32):
 * `X-Balcao-Timestamp: <Unix seconds of the attempt>` and
 * `X-Balcao-Signature: sha256=<hex HMAC-SHA256 of "{timestamp}.{raw body}">`,
 * keyed by the integration's signing secret. The receiver recomputes it over
 * the bytes it got (never a re-serialised JSON), compares in constant time,
 * and refuses a timestamp too old (a captured delivery replayed later).
 */
import { createHmac } from "node:crypto";

export function deliverySignature(secret: string, timestamp: number, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest("hex")}`;
}

/** One attempt's headers: the same deliveryId and body every time, signed with the attempt's own time. */
export function deliveryHeaders(
  delivery: { id: string; event: string; body: string },
  secret: string,
  now = Date.now(),
) {
  const timestamp = Math.floor(now / 1000);
  return {
    "content-type": "application/json",
    "user-agent": "Balcao-Webhooks/1",
    "x-balcao-event": delivery.event,
    "x-balcao-delivery": delivery.id,
    "x-balcao-timestamp": String(timestamp),
    "x-balcao-signature": deliverySignature(secret, timestamp, delivery.body),
  };
}
