/** The refresh token's cookie: httpOnly, SameSite=strict, sent to /api/auth only (DESIGN §4). */
import { auth as authConstants } from "@balcao/contracts";
import type { FastifyReply } from "fastify";
import type { Context } from "../../context.js";

const cookiePath = "/api/auth";

export function setRefreshCookie(ctx: Context, reply: FastifyReply, refreshToken: string) {
  reply.setCookie(authConstants.refreshCookie, refreshToken, {
    httpOnly: true,
    sameSite: "strict",
    secure: ctx.config.PUBLIC_URL?.startsWith("https://") ?? false,
    path: cookiePath,
    maxAge: authConstants.refreshTokenTtlSeconds,
  });
}

export function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(authConstants.refreshCookie, { path: cookiePath });
}
