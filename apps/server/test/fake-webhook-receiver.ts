/**
 * An n8n / webhook endpoint on 127.0.0.1 for tests of integration deliveries
 * (issue 17 item 6): it does what a careful receiver does with our POSTs —
 * reads the raw body, checks `X-Balcao-Signature: sha256=<hex HMAC-SHA256 of
 * the raw body>` against the integration's signing secret (401 when it does
 * not match, as a workflow that checks it would), and answers 200 — and it
 * records every request as it arrived (headers, raw body) for the test to read.
 *
 * Failing on demand: `failNext(500, 502, "hang", "reset")` queues the next
 * answers: a status code, a request left unanswered until the receiver closes
 * (the sender's timeout), or the connection dropped without an answer.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { readBody } from "./fake-graph-http.js";

/** What the receiver does with one request: answer with this status, never answer, or drop the connection. */
export type ReceiverOutcome = number | "hang" | "reset";

export interface ReceivedDelivery {
  /** Date.now() when the request's body had arrived. */
  at: number;
  method: string;
  path: string;
  /** Lower-cased names, as Node gives them. */
  headers: IncomingMessage["headers"];
  rawBody: string;
  /** Whether X-Balcao-Signature matched the secret the receiver was given (false without one). */
  signatureValid: boolean;
  outcome: ReceiverOutcome;
}

export interface FakeWebhookReceiver {
  /** Where to point urlN8N (any path under it is accepted). */
  readonly url: string;
  /** Every request received, oldest first. */
  readonly deliveries: ReceivedDelivery[];
  /** The signing secret to check signatures against (the integration's signingSecret). */
  secret: string | undefined;
  /** Queues the outcomes of the next requests; once used up, valid ones answer 200. */
  failNext(...outcomes: ReceiverOutcome[]): void;
  /** Resolves once `count` requests (any outcome) have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

/** The signature our server sends: "sha256=" and the hex HMAC-SHA256 of "{X-Balcao-Timestamp}.{raw body}". */
export function signatureOf(
  secret: string,
  timestamp: string | string[] | undefined,
  rawBody: string | Buffer,
): string {
  const signed = Buffer.concat([Buffer.from(`${String(timestamp)}.`), Buffer.from(rawBody)]);
  return `sha256=${createHmac("sha256", secret).update(signed).digest("hex")}`;
}

function matches(secret: string | undefined, headers: IncomingHttpHeaders, raw: Buffer): boolean {
  const header = headers["x-balcao-signature"];
  const timestamp = headers["x-balcao-timestamp"];
  if (!secret || typeof header !== "string" || typeof timestamp !== "string") return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, raw));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export async function startFakeWebhookReceiver(): Promise<FakeWebhookReceiver> {
  const deliveries: ReceivedDelivery[] = [];
  const planned: ReceiverOutcome[] = [];
  const sockets = new Set<Socket>();
  const waiters = new Set<() => void>();
  const state: { secret: string | undefined } = { secret: undefined };

  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const signatureValid = matches(state.secret, req.headers, raw);
      const outcome = planned.shift() ?? (signatureValid ? 200 : 401);
      deliveries.push({
        at: Date.now(),
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        rawBody: raw.toString("utf8"),
        signatureValid,
        outcome,
      });
      for (const wake of waiters) wake();
      if (outcome === "hang") return;
      if (outcome === "reset") return req.socket.destroy();
      res.writeHead(outcome, { "content-type": "application/json" }).end(JSON.stringify({ received: true }));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/webhook`,
    deliveries,
    get secret() {
      return state.secret;
    },
    set secret(value) {
      state.secret = value;
    },
    failNext: (...outcomes) => void planned.push(...outcomes),
    waitFor(count, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (deliveries.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(deliveries.slice());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the receiver got ${deliveries.length} of ${count} deliveries in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      // Hanging requests keep their sockets open: closing them lets the server close.
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
