/**
 * Guesses at an external API token, counted per client address: a wrong
 * bearer at the external API, and a connection save that sets a new token
 * (whose 409 ERR_WAPP_TOKEN_ALREADY_EXISTS tells whether another company uses
 * it). Both draw on one count of externalApiWrongTokenLimit a minute, so the
 * form finds out nothing faster than the API would (issue 29 item 8). One
 * count per server: every caller gets the same limiter for its Context.
 */
import { externalApiWrongTokenLimit } from "@balcao/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Context } from "../../context.js";
import { AppError } from "../../http/errors.js";

type Limiter = ReturnType<FastifyInstance["createRateLimit"]>;
const limiters = new WeakMap<Context, Limiter>();

function limiterOf(app: FastifyInstance, ctx: Context): Limiter {
  let limiter = limiters.get(ctx);
  if (!limiter) {
    limiter = app.createRateLimit({
      max: externalApiWrongTokenLimit,
      timeWindow: 60_000,
      keyGenerator: (req) => `api-wrong-token:${req.ip}`,
    });
    limiters.set(ctx, limiter);
  }
  return limiter;
}

function tooMany(reply: FastifyReply, ttlInSeconds: number): AppError {
  reply.header("retry-after", ttlInSeconds);
  return new AppError("ERR_TOO_MANY_REQUESTS");
}

export function tokenGuesses(app: FastifyInstance, ctx: Context) {
  const limiter = limiterOf(app, ctx);
  return {
    /** Refuses (429) an address whose guesses this minute are spent, without counting this request. */
    async refuseWhenSpent(req: FastifyRequest, reply: FastifyReply): Promise<void> {
      const seen = await limiter(req, { increment: false });
      // isAllowed is true only for an allow-listed key (none here); otherwise the counts tell.
      if (!seen.isAllowed && seen.remaining === 0) throw tooMany(reply, seen.ttlInSeconds);
    },
    /** Counts a wrong bearer. */
    async countWrong(req: FastifyRequest): Promise<void> {
      await limiter(req);
    },
    /** Counts a guess that is about to be answered (a new token saved); 429 when it is one too many. */
    async take(req: FastifyRequest, reply: FastifyReply): Promise<void> {
      const taken = await limiter(req);
      if (!taken.isAllowed && taken.isExceeded) throw tooMany(reply, taken.ttlInSeconds);
    },
  };
}
