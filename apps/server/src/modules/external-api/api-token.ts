/**
 * The external API's caller is a connection, named by its token (whatsapps.token,
 * random and unique): `Authorization: Bearer <token>`. No token, an empty one
 * or one no connection has answers 401 ERR_SESSION_EXPIRED, the code the
 * access guard gives a request without credentials.
 */
import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { whatsapps } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { bearerToken } from "../../http/access.js";

export type ApiConnection = typeof whatsapps.$inferSelect;

const refused = () => new AppError("ERR_SESSION_EXPIRED");

/** The final say on the row the index found: byte-exact, in constant time. */
function sameToken(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function connectionOfToken(ctx: Context, req: FastifyRequest): Promise<ApiConnection> {
  const token = bearerToken(req)?.trim();
  if (!token) throw refused();
  const row = await ctx.db.query.whatsapps.findFirst({ where: eq(whatsapps.token, token) });
  if (!row || !row.token || !sameToken(row.token, token)) throw refused();
  return row;
}
