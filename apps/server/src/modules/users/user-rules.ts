/**
 * The rules creating, editing and deleting users share (core-platform §2.16,
 * §5 "User modal"). A refused rule throws; nothing has been written by then.
 */
import { auth as authConstants, type UserRefusal } from "@balcao/contracts";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { Db } from "../../db/client.js";
import { userQueues, users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { checkPassword } from "../auth/password.js";
import { revokeSessions } from "../auth/session-end.js";
import type { AccessClaims } from "../auth/tokens.js";
import { findWhatsapp } from "../whatsapps/whatsapps.queries.js";
import { countOtherAdmins, countOwnQueues, emailTaken } from "./users.queries.js";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type UserRow = typeof users.$inferSelect;

/** ERR_NO_PERMISSION with the rule that refused, so the page can say which. */
export function refuse(reason: UserRefusal): never {
  throw new AppError("ERR_NO_PERMISSION", { reason });
}

export async function assertEmailFree(ctx: Context, email: string, exceptUserId?: number) {
  if (await emailTaken(ctx.db, email, exceptUserId)) throw new AppError("ERR_EMAIL_ALREADY_EXISTS");
}

export async function assertOwnQueues(ctx: Context, companyId: number, queueIds: number[]) {
  const wanted = new Set(queueIds).size;
  // Another company's queue is reported as a field error, as if it did not exist.
  if ((await countOwnQueues(ctx.db, companyId, [...new Set(queueIds)])) !== wanted) {
    throw new AppError("ERR_VALIDATION", { field: "queueIds" });
  }
}

/** The default connection: none, or one of the company's own (another company's is unknown). */
export async function assertOwnConnection(ctx: Context, companyId: number, whatsappId: number | null) {
  if (whatsappId !== null && !(await findWhatsapp(ctx.db, companyId, whatsappId))) {
    throw new AppError("ERR_NO_WAPP_FOUND");
  }
}

/** Platform staff (super) are managed by platform staff only: an admin of company 1 cannot take them over. */
export function assertMayManage(who: AccessClaims, target: UserRow) {
  if (target.super && !who.super) refuse("super");
}

/** A company always keeps an admin: the last one can be neither deleted nor demoted. */
export async function assertAdminRemains(ctx: Context, target: UserRow, nextProfile: string | null) {
  if (target.profile !== "admin" || nextProfile === "admin") return;
  if ((await countOtherAdmins(ctx.db, target.companyId, target.id)) === 0) refuse("lastAdmin");
}

/** Replaces the user's queues with these (of the company, checked before); answers whether they changed. */
export async function writeQueues(tx: Tx, userId: number, queueIds: number[]): Promise<boolean> {
  const before = await tx.delete(userQueues).where(eq(userQueues.userId, userId)).returning();
  const unique = [...new Set(queueIds)];
  if (unique.length) await tx.insert(userQueues).values(unique.map((queueId) => ({ userId, queueId })));
  return before.length !== unique.length || before.some((q) => !unique.includes(q.queueId));
}

/**
 * Changing one's own email or password takes the current password: a session
 * left open (or stolen) must not be enough to take the account over, nor to
 * guess the password: each try is counted before the comparison (parallel
 * guesses too), and the last one allowed ends the session. Signing in with
 * the password starts the count again.
 */
export async function assertCurrentPassword(ctx: Context, target: UserRow, currentPassword: string | null | undefined) {
  if (!currentPassword) throw new AppError("ERR_INVALID_CURRENT_PASSWORD");
  const [claimed] = await ctx.db
    .update(users)
    .set({ passwordCheckFailures: sql`${users.passwordCheckFailures} + 1` })
    .where(and(eq(users.id, target.id), lt(users.passwordCheckFailures, authConstants.currentPasswordMaxFailures)))
    .returning({ failures: users.passwordCheckFailures });
  const matches = claimed !== undefined && (await checkPassword(currentPassword, target.passwordHash));
  if (matches) {
    await ctx.db.update(users).set({ passwordCheckFailures: 0 }).where(eq(users.id, target.id));
    return;
  }
  if (claimed && claimed.failures < authConstants.currentPasswordMaxFailures) {
    throw new AppError("ERR_INVALID_CURRENT_PASSWORD");
  }
  await revokeSessions(ctx, target.id);
  throw new AppError("ERR_SESSION_EXPIRED", undefined, 401);
}
