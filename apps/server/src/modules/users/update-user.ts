/**
 * PUT /users/{id}: a user edits their own profile; an admin edits anyone of
 * the company. Profile, allTicket, default connection and queues are
 * administration (user-modal:editProfile / editQueues) and ignored otherwise.
 */
import { can, type UserSave } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { revokeSessions } from "../auth/auth.service.js";
import { hashPassword } from "../auth/password.js";
import type { AccessClaims } from "../auth/tokens.js";
import {
  assertAdminRemains,
  assertEmailFree,
  assertMayManage,
  assertOwnConnection,
  assertOwnQueues,
  writeQueues,
} from "./user-rules.js";
import { findUser } from "./users.queries.js";
import { loadAuthUser, publishUser } from "./users.service.js";

export async function updateUser(ctx: Context, who: AccessClaims, userId: number, input: UserSave) {
  const isSelf = who.id === userId;
  const canAdminister = who.super || can(who.profile, "user-modal:editProfile");
  if (!isSelf && !canAdminister) throw new AppError("ERR_NO_PERMISSION");
  const target = await findUser(ctx.db, who.companyId, userId);
  if (!target) throw new AppError("ERR_NO_USER_FOUND");
  if (!isSelf) assertMayManage(who, target);
  await assertEmailFree(ctx, input.email, userId);
  const changes: Partial<typeof users.$inferInsert> = { name: input.name, email: input.email, updatedAt: new Date() };
  if (input.password) changes.passwordHash = await hashPassword(input.password);
  if (canAdminister) {
    if (input.profile) {
      await assertAdminRemains(ctx, target, input.profile);
      changes.profile = input.profile;
    }
    if (input.allTicket) changes.allTicket = input.allTicket;
    await assertOwnConnection(ctx, who.companyId, input.whatsappId);
    changes.whatsappId = input.whatsappId;
  }
  const queueIds = can(who.profile, "user-modal:editQueues") || who.super ? input.queueIds : undefined;
  if (queueIds) await assertOwnQueues(ctx, who.companyId, queueIds);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set(changes).where(eq(users.id, userId));
    if (queueIds) await writeQueues(tx, userId, queueIds);
  });
  // An administrator resetting someone's password ends that user's sessions.
  if (input.password && !isSelf) await revokeSessions(ctx, userId);
  await publishUser(ctx, "update", who.companyId, userId);
  return loadAuthUser(ctx, who.companyId, userId, who);
}
