/**
 * PUT /users/{id}: a user edits their own profile; an admin edits anyone of
 * the company. Profile, allTicket, default connection and queues are
 * administration (user-modal:editProfile / editQueues) and ignored otherwise.
 * Sessions follow the change: one's own new email or password (which takes
 * the current password) renews this browser's session and ends every other;
 * an admin's new password ends all of the user's sessions; a new profile,
 * allTicket or queues reconnect the user's sockets to what they may now see.
 */
import { can, type AuthUser, type UserSave } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { renewSession, type Session } from "../auth/auth.service.js";
import { hashPassword } from "../auth/password.js";
import { revokeSessions, userChanged } from "../auth/session-end.js";
import type { AccessClaims } from "../auth/tokens.js";
import {
  assertAdminRemains,
  assertCurrentPassword,
  assertEmailFree,
  assertMayManage,
  assertOwnConnection,
  assertOwnQueues,
  writeQueues,
} from "./user-rules.js";
import { findUser } from "./users.queries.js";
import { loadAuthUser } from "./users.service.js";

type UserRow = typeof users.$inferSelect;

export interface UpdatedUser {
  user: AuthUser;
  /** The caller's renewed session, after they changed their own email or password. */
  session?: Session;
}

const mayAdminister = (who: AccessClaims) => who.super || can(who.profile, "user-modal:editProfile");

/** The administration fields the caller may set, checked; what the user may see depends on some of them. */
async function administration(ctx: Context, who: AccessClaims, target: UserRow, input: UserSave) {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (!mayAdminister(who)) return { changes, seesOtherwise: false };
  if (input.profile) {
    await assertAdminRemains(ctx, target, input.profile);
    changes.profile = input.profile;
  }
  if (input.allTicket) changes.allTicket = input.allTicket;
  await assertOwnConnection(ctx, who.companyId, input.whatsappId);
  changes.whatsappId = input.whatsappId;
  const seesOtherwise =
    (changes.profile !== undefined && changes.profile !== target.profile) ||
    (changes.allTicket !== undefined && changes.allTicket !== target.allTicket);
  return { changes, seesOtherwise };
}

export async function updateUser(
  ctx: Context,
  who: AccessClaims,
  userId: number,
  input: UserSave,
): Promise<UpdatedUser> {
  const isSelf = who.id === userId;
  if (!isSelf && !mayAdminister(who)) throw new AppError("ERR_NO_PERMISSION");
  const target = await findUser(ctx.db, who.companyId, userId);
  if (!target) throw new AppError("ERR_NO_USER_FOUND");
  if (!isSelf) assertMayManage(who, target);
  const newCredentials = Boolean(input.password) || input.email !== target.email.toLowerCase();
  if (isSelf && newCredentials) await assertCurrentPassword(ctx, target, input.currentPassword);
  await assertEmailFree(ctx, input.email, userId);
  const admin = await administration(ctx, who, target, input);
  const changes: Partial<typeof users.$inferInsert> = { name: input.name, email: input.email, ...admin.changes };
  if (input.password) changes.passwordHash = await hashPassword(input.password);
  changes.updatedAt = new Date();
  const queueIds = can(who.profile, "user-modal:editQueues") || who.super ? input.queueIds : undefined;
  if (queueIds) await assertOwnQueues(ctx, who.companyId, queueIds);
  const queuesChanged = await ctx.events.transaction(async (e) => {
    await e.db.update(users).set(changes).where(eq(users.id, userId));
    e.record("user.updated", { companyId: who.companyId, userId });
    return queueIds ? writeQueues(e.db, userId, queueIds) : false;
  });
  const session = isSelf && newCredentials ? await renewSession(ctx, userId) : undefined;
  // An administrator resetting someone's password ends that user's sessions.
  if (input.password && !isSelf) await revokeSessions(ctx, userId);
  else if (!session && (admin.seesOtherwise || queuesChanged)) userChanged(ctx, userId);
  return { user: await loadAuthUser(ctx, who.companyId, userId, who), session };
}
