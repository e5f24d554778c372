/**
 * POST /users (admin): a new user of the caller's company.
 *
 * - The company setting userCreation "disabled" refuses it with
 *   ERR_USER_CREATION_DISABLED, for the company's admins too: the setting is
 *   how the company's administration forbids new accounts, as in the original
 *   products. Super users (platform staff) are exempt.
 * - The plan limits how many users a company has (ERR_PLAN_LIMIT_REACHED).
 * - The company comes from the token and super is never taken from the body.
 */
import type { AuthUser, UserCreate } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { settings, users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { hashPassword } from "../auth/password.js";
import type { AccessClaims } from "../auth/tokens.js";
import { assertPlanLimit } from "../plans/plan-gate.js";
import { assertEmailFree, assertOwnConnection, assertOwnQueues, writeQueues } from "./user-rules.js";
import { countUsers } from "./users.queries.js";
import { loadAuthUser } from "./users.service.js";

async function assertCreationEnabled(ctx: Context, who: AccessClaims) {
  if (who.super) return;
  const row = await ctx.db.query.settings.findFirst({
    where: and(eq(settings.companyId, who.companyId), eq(settings.key, "userCreation")),
  });
  if (row?.value === "disabled") throw new AppError("ERR_USER_CREATION_DISABLED");
}

export async function createUser(ctx: Context, who: AccessClaims, input: UserCreate): Promise<AuthUser> {
  const companyId = who.companyId;
  await assertCreationEnabled(ctx, who);
  await assertPlanLimit(ctx.db, companyId, "users", await countUsers(ctx.db, companyId));
  await assertEmailFree(ctx, input.email);
  const queueIds = input.queueIds ?? [];
  await assertOwnQueues(ctx, companyId, queueIds);
  await assertOwnConnection(ctx, companyId, input.whatsappId);
  const passwordHash = await hashPassword(input.password);
  const id = await ctx.events.transaction(async (e) => {
    const [row] = await e.db
      .insert(users)
      .values({
        companyId,
        name: input.name,
        email: input.email,
        passwordHash,
        profile: input.profile ?? "user",
        allTicket: input.allTicket ?? "desabled",
        whatsappId: input.whatsappId,
      })
      .returning({ id: users.id });
    await writeQueues(e.db, row!.id, queueIds);
    e.record("user.created", { companyId, userId: row!.id });
    return row!.id;
  });
  return loadAuthUser(ctx, companyId, id, who);
}
