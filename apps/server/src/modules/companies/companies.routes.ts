import { signupSchema } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { companies, plans } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { listSettings } from "../settings/settings.queries.js";
import { presentPlan } from "../plans/plans.presenter.js";
import { presentCompany } from "./companies.presenter.js";
import { signUp } from "./signup.js";

export function companiesRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/companies/cadastro",
      {
        config: { access: "public", rateLimit: { max: ctx.config.AUTH_RATE_LIMIT, timeWindow: "1 minute" } },
        schema: { tags: ["companies"], body: signupSchema },
      },
      async (req, reply) => reply.status(201).send(await signUp(ctx, req.body)),
    );

    app.get(
      "/companies/listPlan/:companyId",
      {
        config: { access: "user" },
        schema: { tags: ["companies"], params: z.object({ companyId: z.coerce.number() }) },
      },
      async (req) => {
        // Another company's id answers 404 as if it did not exist (super users aside).
        const id = req.params.companyId;
        if (id !== req.auth.companyId && !req.auth.super) throw new AppError("ERR_NO_COMPANY_FOUND");
        const [row] = await ctx.db
          .select({ company: companies, plan: plans })
          .from(companies)
          .leftJoin(plans, eq(plans.id, companies.planId))
          .where(and(eq(companies.id, id)));
        if (!row) throw new AppError("ERR_NO_COMPANY_FOUND");
        const plan = row.plan ? presentPlan(row.plan) : null;
        return presentCompany(row.company, await listSettings(ctx.db, id, req.auth), plan);
      },
    );
  };
}
