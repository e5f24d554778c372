/**
 * What ends or changes a session reaches every place the session lives: the
 * users row (refresh tokens), this process's session check (access tokens, at
 * once) and the sockets on every node. Call these after the change committed,
 * so a socket reconnecting at once already meets the new state.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Context } from "../../context.js";
import { users } from "../../db/schema/index.js";
import { isExpired } from "../companies/subscription.js";

type SessionContext = Pick<Context, "db" | "sessions" | "realtime">;

/**
 * What the user's token stands for changed (profile, queues, allTicket): access
 * tokens are checked afresh and the sockets reconnect, so the server recomputes
 * what they may see. The session itself goes on.
 */
export function userChanged(ctx: Pick<Context, "sessions" | "realtime">, userId: number) {
  ctx.sessions.forgetUser(userId);
  ctx.realtime.disconnect({ userId });
}

/** The company is gone or may no longer work: its users' tokens stop at once and its sockets drop. */
export function companyEnded(ctx: Pick<Context, "sessions" | "realtime">, companyId: number) {
  ctx.sessions.forgetCompany(companyId);
  ctx.realtime.disconnect({ companyId });
}

/**
 * The company's status or due date was edited: its users' tokens are checked
 * afresh (a reactivation works at once too); switched off or expired, it ends.
 */
export function companyChanged(
  ctx: Pick<Context, "sessions" | "realtime">,
  company: { id: number; status: boolean; dueDate: string | null },
) {
  if (!company.status || isExpired(company)) companyEnded(ctx, company.id);
  else ctx.sessions.forgetCompany(company.id);
}

/** Logout: the current login ends; it is the user's only one (single session, core-platform §4.5). */
export async function logout(ctx: SessionContext, userId: number) {
  await ctx.db.update(users).set({ sessionId: null, online: false, updatedAt: new Date() }).where(eq(users.id, userId));
  userChanged(ctx, userId);
}

/**
 * Logout-all (SERVER-BEHAVIOUR "Auth"): every access and refresh token of the
 * user dies, whatever session it came from. After a password reset or change,
 * and when a rotated refresh token comes back (reuse).
 */
export async function revokeSessions(ctx: SessionContext, userId: number) {
  await ctx.db
    .update(users)
    .set({ sessionId: null, refreshJti: null, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
  userChanged(ctx, userId);
}

export function newSessionId(): string {
  return randomBytes(16).toString("base64url");
}
