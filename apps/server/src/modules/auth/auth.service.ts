/** Login, refresh, logout: the session rules of core-platform §4.5 and DESIGN §4. */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { LoginResponse } from "@balcao/contracts";
import type { Context } from "../../context.js";
import { companies, users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { isExpired } from "../companies/subscription.js";
import { findUserByEmail } from "../users/users.queries.js";
import { loadAuthUser } from "../users/users.service.js";
import { checkPassword } from "./password.js";

export interface Session extends LoginResponse {
  refreshToken: string;
}

async function assertCompanyActive(ctx: Context, companyId: number) {
  const company = await ctx.db.query.companies.findFirst({ where: eq(companies.id, companyId) });
  if (!company) throw new AppError("ERR_NO_COMPANY_FOUND");
  if (isExpired(company)) throw new AppError("ERR_SUBSCRIPTION_EXPIRED", { dueDate: company.dueDate });
  if (!company.status) throw new AppError("ERR_COMPANY_INACTIVE");
}

async function issue(ctx: Context, user: typeof users.$inferSelect, sessionId: string): Promise<Session> {
  const authUser = await loadAuthUser(ctx, user.companyId, user.id);
  const token = ctx.tokens.signAccess({
    id: user.id,
    companyId: user.companyId,
    profile: user.profile,
    super: user.super,
  });
  const refreshToken = ctx.tokens.signRefresh({ id: user.id, tokenVersion: user.tokenVersion, sessionId });
  return { token, user: authUser, refreshToken };
}

export async function login(ctx: Context, email: string, password: string): Promise<Session> {
  const user = await findUserByEmail(ctx.db, email);
  // One answer for an unknown email and a wrong password: no account probing.
  if (!user || !(await checkPassword(password, user.passwordHash))) throw new AppError("ERR_INVALID_CREDENTIALS");
  await assertCompanyActive(ctx, user.companyId);
  const sessionId = randomBytes(16).toString("base64url");
  await ctx.db.update(users).set({ sessionId, updatedAt: new Date() }).where(eq(users.id, user.id));
  // Single session: the user's other browsers log themselves out on this event.
  ctx.realtime.emit("auth", { companyId: user.companyId }, { user: { id: user.id } });
  return issue(ctx, user, sessionId);
}

export async function refresh(ctx: Context, refreshToken: string | undefined): Promise<Session> {
  if (!refreshToken) throw new AppError("ERR_INVALID_REFRESH_TOKEN");
  const claims = ctx.tokens.verifyRefresh(refreshToken);
  const user = await ctx.db.query.users.findFirst({ where: eq(users.id, claims.id) });
  if (!user || user.tokenVersion !== claims.tokenVersion || !user.sessionId || user.sessionId !== claims.sessionId) {
    throw new AppError("ERR_INVALID_REFRESH_TOKEN");
  }
  try {
    await assertCompanyActive(ctx, user.companyId);
  } catch (err) {
    // A failed refresh always answers 401 so the client logs out.
    if (err instanceof AppError) throw new AppError(err.code, err.details, 401);
    throw err;
  }
  return issue(ctx, user, claims.sessionId);
}

export async function logout(ctx: Context, userId: number) {
  await ctx.db.update(users).set({ sessionId: null, online: false, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Ends every session of a user: after a password change. */
export async function revokeSessions(ctx: Pick<Context, "db">, userId: number) {
  await ctx.db
    .update(users)
    .set({ sessionId: null, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
