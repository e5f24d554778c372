/** Login, refresh, session renewal: the session rules of core-platform §4.5 and DESIGN §4. */
import { auth as authConstants, type LoginResponse } from "@balcao/contracts";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Context } from "../../context.js";
import { companies, users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { issuePaymentToken, mayPayWhileExpired } from "../billing/payment-pass.js";
import { isExpired } from "../companies/subscription.js";
import { findUserByEmail } from "../users/users.queries.js";
import { loadAuthUser } from "../users/users.service.js";
import { checkPassword } from "./password.js";
import { newSessionId, revokeSessions, userChanged } from "./session-end.js";
import { newRefreshId, type RefreshClaims } from "./tokens.js";

export interface Session extends LoginResponse {
  refreshToken: string;
}

type UserRow = typeof users.$inferSelect;
type RefreshId = Pick<RefreshClaims, "jti" | "issuedAt">;

/**
 * `payer`: the user who just proved their password at login. When their company has expired and they
 * may pay for it (an admin of a company not switched off), the refusal carries a payment token.
 */
async function assertCompanyActive(ctx: Context, companyId: number, payer?: UserRow) {
  const company = await ctx.db.query.companies.findFirst({ where: eq(companies.id, companyId) });
  if (!company) throw new AppError("ERR_NO_COMPANY_FOUND");
  if (isExpired(company)) {
    const pass = payer && mayPayWhileExpired(payer, company) ? issuePaymentToken(ctx, payer) : {};
    throw new AppError("ERR_SUBSCRIPTION_EXPIRED", { dueDate: company.dueDate, ...pass });
  }
  if (!company.status) throw new AppError("ERR_COMPANY_INACTIVE");
}

/** The tokens of the user's current session; `refreshId` names its current refresh token. */
async function issue(ctx: Context, user: UserRow, refreshId: RefreshId): Promise<Session> {
  if (!user.sessionId) throw new AppError("ERR_INVALID_REFRESH_TOKEN");
  const session = { sessionId: user.sessionId, tokenVersion: user.tokenVersion };
  const authUser = await loadAuthUser(ctx, user.companyId, user.id);
  const token = ctx.tokens.signAccess({
    id: user.id,
    companyId: user.companyId,
    profile: user.profile,
    super: user.super,
    ...session,
  });
  const refreshToken = ctx.tokens.signRefresh({ id: user.id, ...session, ...refreshId });
  return { token, user: authUser, refreshToken };
}

const issuedAtDate = (id: RefreshId) => new Date(id.issuedAt * 1000);

/**
 * A new session for the user, replacing the one they had (single session):
 * the old one's tokens stop working. `revoke` also ends every token of an
 * older token version. The caller then drops the old session's sockets.
 */
async function startSession(ctx: Context, userId: number, revoke: boolean): Promise<Session> {
  const refreshId = newRefreshId();
  const [user] = await ctx.db
    .update(users)
    .set({
      sessionId: newSessionId(),
      refreshJti: refreshId.jti,
      refreshIssuedAt: issuedAtDate(refreshId),
      previousRefreshJti: null,
      // The password was just proven (sign-in, or the current password for a change).
      passwordCheckFailures: 0,
      ...(revoke ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new AppError("ERR_NO_USER_FOUND");
  return issue(ctx, user, refreshId);
}

export async function login(ctx: Context, email: string, password: string): Promise<Session> {
  const user = await findUserByEmail(ctx.db, email);
  // One answer, after the same work, for an unknown email and a wrong password: no account probing.
  if (!(await checkPassword(password, user?.passwordHash)) || !user) throw new AppError("ERR_INVALID_CREDENTIALS");
  await assertCompanyActive(ctx, user.companyId, user);
  const session = await startSession(ctx, user.id, false);
  // Single session: the user's other browsers log themselves out on this event, then their sockets drop.
  // Sent here, not from a domain event: it is a session's end in this order (event, then the drop), not a
  // change others' lists follow, and the sign-in commits nothing a rollback could take back after it.
  ctx.realtime.emit("auth", { companyId: user.companyId }, { user: { id: user.id } });
  userChanged(ctx, user.id);
  return session;
}

/** After one's own email or password change: this browser goes on in a new session; every other token ends. */
export async function renewSession(ctx: Context, userId: number): Promise<Session> {
  const session = await startSession(ctx, userId, true);
  userChanged(ctx, userId);
  return session;
}

/** Rotates the session's current refresh token, atomically: of two calls with it, one wins. */
async function rotate(ctx: Context, claims: RefreshClaims, next: RefreshId): Promise<UserRow | undefined> {
  const [user] = await ctx.db
    .update(users)
    .set({
      // A session from before single-use refresh tokens records the presented one, so it gets the grace too.
      previousRefreshJti: sql`coalesce(${users.refreshJti}, ${claims.jti})`,
      refreshJti: next.jti,
      refreshIssuedAt: issuedAtDate(next),
    })
    .where(
      and(
        eq(users.id, claims.id),
        eq(users.sessionId, claims.sessionId),
        eq(users.tokenVersion, claims.tokenVersion),
        // A session from before single-use refresh tokens has none recorded yet.
        or(eq(users.refreshJti, claims.jti), isNull(users.refreshJti)),
      ),
    )
    .returning();
  return user;
}

/** The session's current refresh token while it is young enough for the one before it to come back. */
function graceFor(user: UserRow, jti: string): RefreshId | undefined {
  const { refreshJti, refreshIssuedAt, previousRefreshJti } = user;
  if (!refreshJti || !refreshIssuedAt || jti !== previousRefreshJti) return undefined;
  if (Date.now() - refreshIssuedAt.getTime() >= authConstants.refreshReuseGraceSeconds * 1000) return undefined;
  return { jti: refreshJti, issuedAt: refreshIssuedAt.getTime() / 1000 };
}

/**
 * A refresh token already rotated away: within the grace (another tab refreshed
 * with the same cookie a moment ago) the session's current tokens; after it,
 * someone else holds a copy, and the whole session ends.
 */
async function rotatedAway(ctx: Context, claims: RefreshClaims): Promise<Session> {
  const user = await ctx.db.query.users.findFirst({ where: eq(users.id, claims.id) });
  // Another (older) session's token: that session already ended, the current one is not at stake.
  if (!user || user.sessionId !== claims.sessionId || user.tokenVersion !== claims.tokenVersion) {
    throw new AppError("ERR_INVALID_REFRESH_TOKEN");
  }
  const current = graceFor(user, claims.jti);
  if (current) return issue(ctx, user, current);
  await revokeSessions(ctx, user.id);
  throw new AppError("ERR_INVALID_REFRESH_TOKEN");
}

export async function refresh(ctx: Context, refreshToken: string | undefined): Promise<Session> {
  if (!refreshToken) throw new AppError("ERR_INVALID_REFRESH_TOKEN");
  const claims = ctx.tokens.verifyRefresh(refreshToken);
  const next = newRefreshId();
  const rotated = await rotate(ctx, claims, next);
  const session = rotated ? await issue(ctx, rotated, next) : await rotatedAway(ctx, claims);
  try {
    await assertCompanyActive(ctx, session.user.companyId);
  } catch (err) {
    // A failed refresh always answers 401 so the client logs out.
    if (err instanceof AppError) throw new AppError(err.code, err.details, 401);
    throw err;
  }
  return session;
}
