/**
 * The signature every delivery carries (issue 17 item 6):
 * `X-Balcao-Signature: sha256=<hex HMAC-SHA256 of the raw body>`, keyed by the
 * integration's signing secret. The receiver recomputes it over the bytes it
 * got (never a re-serialised JSON) and compares in constant time.
 */
import { createHmac } from "node:crypto";

export function deliverySignature(secret: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody, "utf8").digest("hex")}`;
}

/** The headers of every attempt of one delivery: the same deliveryId and signature each time. */
export function deliveryHeaders(delivery: { id: string; event: string; body: string }, secret: string) {
  return {
    "content-type": "application/json",
    "user-agent": "Balcao-Webhooks/1",
    "x-balcao-event": delivery.event,
    "x-balcao-delivery": delivery.id,
    "x-balcao-signature": deliverySignature(secret, delivery.body),
  };
}
