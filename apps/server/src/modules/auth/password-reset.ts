/**
 * Password reset by mailed code: random, stored hashed, valid 30 minutes,
 * single use, attempt-limited (SERVER-BEHAVIOUR "Auth").
 */
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { auth as authConstants, strongPasswordSchema } from "@balcao/contracts";
import type { Context } from "../../context.js";
import { passwordResets, users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { findUserByEmail } from "../users/users.queries.js";
import { revokeSessions } from "./auth.service.js";
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

export async function resetPassword(ctx: Context, email: string, code: string, newPassword: string) {
  if (!strongPasswordSchema.safeParse(newPassword).success) throw new AppError("ERR_WEAK_PASSWORD");
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw new AppError("ERR_USER_DONT_EXISTS");
  const reset = await ctx.db.query.passwordResets.findFirst({
    where: and(
      eq(passwordResets.userId, user.id),
      isNull(passwordResets.usedAt),
      gt(passwordResets.expiresAt, new Date()),
      lt(passwordResets.attempts, authConstants.resetCodeMaxAttempts),
    ),
    orderBy: desc(passwordResets.id),
  });
  if (!reset) throw new AppError("ERR_INVALID_RESET_CODE");
  const matches = timingSafeEqual(Buffer.from(reset.codeHash, "hex"), digest(code.trim()));
  if (!matches) {
    await ctx.db
      .update(passwordResets)
      .set({ attempts: sql`${passwordResets.attempts} + 1` })
      .where(eq(passwordResets.id, reset.id));
    throw new AppError("ERR_INVALID_RESET_CODE");
  }
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, reset.id));
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
  });
  await revokeSessions(ctx, user.id);
}
