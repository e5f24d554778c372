/**
 * The rules creating, editing and deleting users share (core-platform §2.16,
 * §5 "User modal"). A refused rule throws; nothing has been written by then.
 */
import type { UserRefusal } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { users } from "../../db/schema/index.js";
import { userQueues } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { checkPassword } from "../auth/password.js";
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
 * left open (or stolen) must not be enough to take the account over.
 */
export async function assertCurrentPassword(target: UserRow, currentPassword: string | null | undefined) {
  if (!currentPassword || !(await checkPassword(currentPassword, target.passwordHash))) {
    throw new AppError("ERR_INVALID_CURRENT_PASSWORD");
  }
}
