/**
 * The external API's caller is a connection, named by its token (random and
 * unique; stored encrypted, found by its look-up hash whatsapps.token_hash):
 * `Authorization: Bearer <token>`. No token, an empty one
 * or one no connection has answers 401 ERR_SESSION_EXPIRED, the code the
 * access guard gives a request without credentials. A client address that
 * presented externalApiWrongTokenLimit of them within a minute (connection
 * saves of new tokens included: token-guesses.ts) is refused (429) before its
 * token is even looked at, so cycling guesses gets nowhere.
 */
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { whatsapps } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { decryptSecret, lookupHash } from "../../secrets/index.js";
import { bearerToken } from "../../http/access.js";
import { tokenGuesses } from "./token-guesses.js";

export type ApiConnection = typeof whatsapps.$inferSelect;

const refused = () => new AppError("ERR_SESSION_EXPIRED");

/** The final say on the row the index found: byte-exact, in constant time. */
function sameToken(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function connectionOfToken(ctx: Context, req: FastifyRequest): Promise<ApiConnection> {
  const token = bearerToken(req)?.trim();
  if (!token) throw refused();
  const row = await ctx.db.query.whatsapps.findFirst({ where: eq(whatsapps.tokenHash, lookupHash(token)) });
  if (!row || !row.token || !sameToken(decryptSecret(row.token), token)) throw refused();
  return row;
}

/** The token's connection, with wrong tokens counted per client address (token-guesses.ts). */
export function tokenGuard(app: FastifyInstance, ctx: Context) {
  const guesses = tokenGuesses(app, ctx);
  return async (req: FastifyRequest, reply: FastifyReply): Promise<ApiConnection> => {
    await guesses.refuseWhenSpent(req, reply);
    try {
      return await connectionOfToken(ctx, req);
    } catch (err) {
      await guesses.countWrong(req);
      throw err;
    }
  };
}
