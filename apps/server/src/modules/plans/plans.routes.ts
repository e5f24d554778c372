import { asc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Context } from "../../context.js";
import { plans } from "../../db/schema/index.js";
import { presentPlan } from "./plans.presenter.js";

export function plansRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    // The public plan list of the sign-up page.
    app.get("/plans/list", { config: { access: "public" }, schema: { tags: ["plans"] } }, async () => {
      const rows = await ctx.db.select().from(plans).orderBy(asc(plans.value), asc(plans.id));
      return rows.map(presentPlan);
    });
  };
}
