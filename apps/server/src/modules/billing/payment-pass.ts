/**
 * The way an expired company's admin pays without a session (issue 14 item
 * 5). The refused login (auth.service.ts) hands an admin of a company that is
 * expired but not switched off a 30-minute payment token; the access guard
 * takes it, in the X-Payment-Token header, on the "payment" routes only
 * (GET /invoices/all, POST /subscription), and only while the user is still
 * an admin of that company with the same token version (a password change
 * or logout-all ends it too).
 */
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { companies, users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { PaymentPass, PaymentPasses } from "../../http/access.js";

type UserRow = typeof users.$inferSelect;

/** Whether this user may be handed a payment token: an admin (or super user) of a company not switched off. */
export function mayPayWhileExpired(user: Pick<UserRow, "profile" | "super">, company: { status: boolean }): boolean {
  return company.status && (user.profile === "admin" || user.super);
}

export function issuePaymentToken(ctx: Pick<Context, "tokens">, user: UserRow) {
  const { token, expiresAt } = ctx.tokens.signPayment({
    id: user.id,
    companyId: user.companyId,
    tokenVersion: user.tokenVersion,
  });
  return { paymentToken: token, paymentTokenExpiresAt: expiresAt.toISOString() };
}

export function paymentPasses(ctx: Pick<Context, "tokens" | "db">): PaymentPasses {
  return {
    async verify(token): Promise<PaymentPass> {
      const claims = ctx.tokens.verifyPayment(token);
      const [row] = await ctx.db
        .select({ user: users, status: companies.status })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(and(eq(users.id, claims.id), eq(users.companyId, claims.companyId)));
      if (!row || row.user.tokenVersion !== claims.tokenVersion || !mayPayWhileExpired(row.user, row)) {
        throw new AppError("ERR_SESSION_EXPIRED", undefined, 401);
      }
      return { userId: claims.id, companyId: claims.companyId, issuedAt: new Date(claims.issuedAt * 1000) };
    },
  };
}
