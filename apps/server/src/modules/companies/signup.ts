/**
 * Public sign-up (POST /companies/cadastro): a 3-day MENSAL trial company with
 * campaigns on, its admin user and its settings. Dates and flags are computed
 * here; companyId, profile, super, dueDate and status from the body are ignored.
 */
import { subscription, type signupSchema } from "@balcao/contracts";
import type { z } from "zod";
import type { Context } from "../../context.js";
import { createCompany } from "./create-company.js";
import { addDays, isoDate } from "./subscription.js";

export async function signUp(ctx: Context, input: z.infer<typeof signupSchema>) {
  const company = await createCompany(
    ctx,
    {
      name: input.name,
      email: input.email,
      phone: input.phone || null,
      planId: input.planId,
      status: true,
      dueDate: isoDate(addDays(new Date(), subscription.trialDays)),
      recurrence: "MENSAL",
      campaignsEnabled: true,
    },
    { password: input.password },
  );
  return { id: company.id, name: company.name, dueDate: company.dueDate, planId: company.planId };
}
