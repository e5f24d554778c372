/**
 * PUT /users/{id}: a user edits their own profile; an admin edits anyone of
 * the company. Profile, allTicket, default connection and queues are
 * administration (user-modal:editProfile / editQueues) and ignored otherwise.
 */
import { can, type UserSave } from "@balcao/contracts";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Context } from "../../context.js";
import { queues, userQueues, users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { revokeSessions } from "../auth/auth.service.js";
import { hashPassword } from "../auth/password.js";
import type { AccessClaims } from "../auth/tokens.js";
import { findUser } from "./users.queries.js";
import { loadAuthUser } from "./users.service.js";

async function assertEmailFree(ctx: Context, email: string, userId: number) {
  const taken = await ctx.db.query.users.findFirst({
    where: and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, userId)),
  });
  if (taken) throw new AppError("ERR_EMAIL_ALREADY_EXISTS");
}

async function assertOwnQueues(ctx: Context, companyId: number, queueIds: number[]) {
  if (queueIds.length === 0) return;
  const found = await ctx.db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), inArray(queues.id, queueIds)));
  // Another company's queue is reported as a field error, as if it did not exist.
  if (found.length !== new Set(queueIds).size) throw new AppError("ERR_VALIDATION", { field: "queueIds" });
}

export async function updateUser(ctx: Context, who: AccessClaims, userId: number, input: UserSave) {
  const isSelf = who.id === userId;
  const canAdminister = who.super || can(who.profile, "user-modal:editProfile");
  if (!isSelf && !canAdminister) throw new AppError("ERR_NO_PERMISSION");
  const target = await findUser(ctx.db, who.companyId, userId);
  if (!target) throw new AppError("ERR_NO_USER_FOUND");
  await assertEmailFree(ctx, input.email, userId);
  const changes: Partial<typeof users.$inferInsert> = { name: input.name, email: input.email, updatedAt: new Date() };
  if (input.password) changes.passwordHash = await hashPassword(input.password);
  if (canAdminister) {
    if (input.profile) changes.profile = input.profile;
    if (input.allTicket) changes.allTicket = input.allTicket;
    // No connection exists before the conversations area; any id is unknown until then.
    if (input.whatsappId !== null) throw new AppError("ERR_NO_WAPP_FOUND");
    changes.whatsappId = null;
  }
  const queueIds = can(who.profile, "user-modal:editQueues") || who.super ? input.queueIds : undefined;
  if (queueIds) await assertOwnQueues(ctx, who.companyId, queueIds);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set(changes).where(eq(users.id, userId));
    if (!queueIds) return;
    await tx.delete(userQueues).where(eq(userQueues.userId, userId));
    if (queueIds.length)
      await tx.insert(userQueues).values([...new Set(queueIds)].map((queueId) => ({ userId, queueId })));
  });
  // An administrator resetting someone's password ends that user's sessions.
  if (input.password && !isSelf) await revokeSessions(ctx, userId);
  const user = await loadAuthUser(ctx, who.companyId, userId);
  ctx.realtime.emit("user", { companyId: who.companyId }, { action: "update", user });
  return user;
}
