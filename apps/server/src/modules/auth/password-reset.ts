/**
 * Password reset by mailed code: random, stored hashed, valid 30 minutes,
 * single use, attempt-limited (SERVER-BEHAVIOUR "Auth") per code and per
 * account across codes, each attempt counted before the code is compared.
 */
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { auth as authConstants, strongPasswordSchema } from "@balcao/contracts";
import type { Context } from "../../context.js";
import { passwordResets, users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { findUserByEmail } from "../users/users.queries.js";
import { revokeSessions } from "./session-end.js";
import { hashPassword } from "./password.js";

const digest = (code: string) => createHash("sha256").update(code).digest();

export async function requestPasswordReset(ctx: Context, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  // The spec's client expects 404 for an unknown email; the route is rate-limited.
  if (!user) throw new AppError("ERR_USER_DONT_EXISTS");
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const expiresAt = new Date(Date.now() + authConstants.resetCodeTtlMinutes * 60_000);
  await ctx.db.transaction(async (tx) => {
    // A new code replaces any earlier one.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({ userId: user.id, codeHash: digest(code).toString("hex"), expiresAt });
  });
  await ctx.mailer.send({
    to: user.email,
    subject: "Balcão — código de redefinição de senha / password reset code",
    text: [
      `Olá ${user.name},`,
      "",
      `Seu código de verificação é: ${code}`,
      `Your verification code is: ${code}`,
      `Su código de verificación es: ${code}`,
      "",
      `Válido por ${authConstants.resetCodeTtlMinutes} minutos.`,
    ].join("\n"),
  });
}

/**
 * Spends one attempt on the account's current code, atomically (parallel
 * guesses queue on the row), and answers its hash; none when no code is left
 * to try.
 */
async function claimCodeAttempt(ctx: Context, userId: number): Promise<{ id: number; codeHash: string } | undefined> {
  const current = ctx.db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(
      and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())),
    )
    .orderBy(desc(passwordResets.id))
    .limit(1);
  const [row] = await ctx.db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(
      and(
        inArray(passwordResets.id, current),
        isNull(passwordResets.usedAt),
        lt(passwordResets.attempts, authConstants.resetCodeMaxAttempts),
      ),
    )
    .returning({ id: passwordResets.id, codeHash: passwordResets.codeHash });
  return row;
}

/**
 * Spends one attempt of the account's budget, across all its codes: a new code
 * does not bring new guesses. The budget renews a window after its first spend.
 */
async function claimAccountAttempt(ctx: Context, userId: number): Promise<boolean> {
  const windowStart = sql`now() - make_interval(hours => ${authConstants.resetAccountWindowHours})`;
  const windowOver = or(isNull(users.resetAttemptsSince), lt(users.resetAttemptsSince, windowStart));
  const [row] = await ctx.db
    .update(users)
    .set({
      resetAttempts: sql`case when ${windowOver} then 1 else ${users.resetAttempts} + 1 end`,
      resetAttemptsSince: sql`case when ${windowOver} then now() else ${users.resetAttemptsSince} end`,
    })
    .where(and(eq(users.id, userId), or(windowOver, lt(users.resetAttempts, authConstants.resetAccountMaxAttempts))))
    .returning({ id: users.id });
  return row !== undefined;
}

export async function resetPassword(ctx: Context, email: string, code: string, newPassword: string) {
  if (!strongPasswordSchema.safeParse(newPassword).success) throw new AppError("ERR_WEAK_PASSWORD");
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw new AppError("ERR_USER_DONT_EXISTS");
  const reset = await claimCodeAttempt(ctx, user.id);
  if (!reset) throw new AppError("ERR_INVALID_RESET_CODE");
  if (!(await claimAccountAttempt(ctx, user.id))) throw new AppError("ERR_TOO_MANY_REQUESTS");
  if (!timingSafeEqual(Buffer.from(reset.codeHash, "hex"), digest(code.trim()))) {
    throw new AppError("ERR_INVALID_RESET_CODE");
  }
  const passwordHash = await hashPassword(newPassword);
  const changed = await ctx.db.transaction(async (tx) => {
    // Single use, also against a parallel right guess.
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (!spent) return false;
    await tx
      .update(users)
      .set({ passwordHash, resetAttempts: 0, resetAttemptsSince: null, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    return true;
  });
  if (!changed) throw new AppError("ERR_INVALID_RESET_CODE");
  await revokeSessions(ctx, user.id);
}
