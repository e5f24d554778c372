/**
 * DELETE /users/{id} (admin). Refused (ERR_NO_PERMISSION with details.reason)
 * for oneself, for a super user unless the caller is super, and for the last
 * admin of the company; another company's user answers 404 ERR_NO_USER_FOUND.
 * The user's open tickets go back to pending in their queue first; the
 * user's sockets drop and their tokens stop at once.
 */
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { userChanged } from "../auth/session-end.js";
import type { AccessClaims } from "../auth/tokens.js";
import { assertAdminRemains, assertMayManage, refuse } from "./user-rules.js";
import { returnOpenTicketsToPending } from "./user-tickets.hook.js";
import { findUser } from "./users.queries.js";

export async function deleteUser(ctx: Context, who: AccessClaims, userId: number): Promise<void> {
  const companyId = who.companyId;
  const target = await findUser(ctx.db, companyId, userId);
  if (!target) throw new AppError("ERR_NO_USER_FOUND");
  if (target.id === who.id) refuse("self");
  assertMayManage(who, target);
  await assertAdminRemains(ctx, target, null);
  // The returned tickets' events, then the user's, go out after the commit.
  await ctx.events.transaction(async (e) => {
    await returnOpenTicketsToPending(e, companyId, userId, who.id);
    await e.db.delete(users).where(and(eq(users.id, userId), eq(users.companyId, companyId)));
    e.record("user.deleted", { companyId, userId });
  });
  // After the event, which the user's own browser reads as its sign-out: their sockets and tokens stop.
  // A session change, not a domain one: it stays here rather than in a subscriber, so it follows the publishing.
  userChanged(ctx, userId);
}
