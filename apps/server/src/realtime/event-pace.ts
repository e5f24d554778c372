/**
 * Every client event is paced per socket (issue 29 item 4), so that one
 * socket cannot keep the server and its database busy for everyone: a token
 * bucket of realtimeLimits.eventBurst events, refilled at eventsPerSecond. An
 * event beyond it is not handled, and its acknowledgement (if it asked for
 * one) gets `{error: "ERR_TOO_MANY_REQUESTS"}`; a socket that goes on sending
 * regardless is dropped (the web client reconnects, fresh).
 */
import { realtimeLimits, type ErrorCode } from "@balcao/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Socket } from "socket.io";

const tooMany: { error: ErrorCode } = { error: "ERR_TOO_MANY_REQUESTS" };

export function paceEvents(socket: Socket, log: FastifyBaseLogger, userId: number): void {
  const { eventBurst, eventsPerSecond, refusalsBeforeDrop } = realtimeLimits;
  let tokens: number = eventBurst;
  let filledAt = Date.now();
  let refusedInARow = 0;
  socket.use((event, next) => {
    const now = Date.now();
    tokens = Math.min(eventBurst, tokens + ((now - filledAt) / 1000) * eventsPerSecond);
    filledAt = now;
    if (tokens >= 1) {
      tokens -= 1;
      refusedInARow = 0;
      return next();
    }
    const ack: unknown = event.at(-1);
    if (typeof ack === "function") (ack as (answer: typeof tooMany) => void)(tooMany);
    refusedInARow += 1;
    if (refusedInARow === refusalsBeforeDrop) {
      log.warn({ userId }, "socket dropped: it went on sending events past its rate");
      socket.disconnect(true);
    }
  });
}
