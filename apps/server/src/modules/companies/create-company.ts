/**
 * Creating a company, for the public sign-up and the super user's company
 * form alike: the company, one row per setting, and optionally its first
 * admin, in one transaction (a duplicate name rolls the admin back too).
 */
import type { Recurrence } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { companies, plans, users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { hashPassword } from "../auth/password.js";
import { createDefaultSettings } from "../settings/settings.queries.js";
import { findUserByEmail } from "../users/users.queries.js";
import { createDueInvoices } from "../billing/create-invoices.js";
import { isoDate } from "./subscription.js";

export interface NewCompany {
  name: string;
  email: string;
  phone: string | null;
  planId: number;
  status: boolean;
  dueDate: string | null;
  recurrence: Recurrence;
  campaignsEnabled: boolean;
}

/** The company's first user: an admin named after the company, signing in with the company email. */
export interface FirstAdmin {
  password: string;
}

export async function assertPlanExists(ctx: Context, planId: number) {
  const plan = await ctx.db.query.plans.findFirst({ where: eq(plans.id, planId) });
  if (!plan) throw new AppError("ERR_PLAN_NOT_FOUND");
  return plan;
}

export async function createCompany(ctx: Context, input: NewCompany, admin?: FirstAdmin) {
  await assertPlanExists(ctx, input.planId);
  if (admin && (await findUserByEmail(ctx.db, input.email))) throw new AppError("ERR_EMAIL_ALREADY_EXISTS");
  const passwordHash = admin ? await hashPassword(admin.password) : undefined;
  return ctx.db.transaction(async (tx) => {
    const { campaignsEnabled, ...columns } = input;
    const [created] = await tx.insert(companies).values(columns).returning();
    if (!created) throw new AppError("ERR_INTERNAL_SERVER_ERROR");
    await createDefaultSettings(tx, created.id, { campaignsEnabled: String(campaignsEnabled) });
    // Its first invoice at once when its due date is near (a sign-up's trial ends in 3 days).
    await createDueInvoices(tx, isoDate(new Date()), created.id);
    if (passwordHash) {
      await tx.insert(users).values({
        companyId: created.id,
        name: input.name,
        email: input.email,
        passwordHash,
        profile: "admin",
        allTicket: "enabled",
      });
    }
    return created;
  });
}
