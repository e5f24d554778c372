/**
 * Public sign-up (POST /companies/cadastro): a 3-day MENSAL trial company with
 * campaigns on, its admin user and its settings. Dates and flags are computed
 * here; companyId, profile, super, dueDate and status from the body are ignored.
 */
import { subscription, type signupSchema } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Context } from "../../context.js";
import { companies, plans, users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { hashPassword } from "../auth/password.js";
import { createDefaultSettings } from "../settings/settings.queries.js";
import { findUserByEmail } from "../users/users.queries.js";
import { addDays, isoDate } from "./subscription.js";

export async function signUp(ctx: Context, input: z.infer<typeof signupSchema>) {
  const plan = await ctx.db.query.plans.findFirst({ where: eq(plans.id, input.planId) });
  if (!plan) throw new AppError("ERR_PLAN_NOT_FOUND");
  if (await findUserByEmail(ctx.db, input.email)) throw new AppError("ERR_EMAIL_ALREADY_EXISTS");
  const passwordHash = await hashPassword(input.password);
  const dueDate = isoDate(addDays(new Date(), subscription.trialDays));
  const company = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(companies)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        planId: plan.id,
        status: true,
        dueDate,
        recurrence: "MENSAL",
      })
      .returning();
    if (!created) throw new AppError("ERR_INTERNAL_SERVER_ERROR");
    await createDefaultSettings(tx, created.id, { campaignsEnabled: "true" });
    await tx.insert(users).values({
      companyId: created.id,
      name: input.name,
      email: input.email,
      passwordHash,
      profile: "admin",
      allTicket: "enabled",
    });
    return created;
  });
  return { id: company.id, name: company.name, dueDate: company.dueDate, planId: company.planId };
}
