/**
 * /plans (core-platform §7.3). The spec leaves the shapes open; they are:
 * - GET /plans/list (public, the sign-up page) and GET /plans/all (super): PlanDto[] by value;
 * - GET /plans/{id}, POST /plans, PUT /plans/{id}: one PlanDto; DELETE: {message}.
 */
import { planCreateSchema, planUpdateSchema, idSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { createPlan, deletePlan, listPlans, showPlan, updatePlan } from "./plans.service.js";

const idParams = z.object({ id: idSchema });
// The clients send filters the spec does not name (listPublic, searchParam...): accepted, not used.
const anyQuery = z.object({}).loose();
const tags = ["plans"];

export function plansRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/plans/list", { config: { access: "public" }, schema: { tags, querystring: anyQuery } }, () =>
      listPlans(ctx),
    );
    app.get("/plans/all", { config: { access: "super" }, schema: { tags, querystring: anyQuery } }, () =>
      listPlans(ctx),
    );
    app.get("/plans/:id", { config: { access: "super" }, schema: { tags, params: idParams } }, (req) =>
      showPlan(ctx, req.params.id),
    );
    app.post("/plans", { config: { access: "super" }, schema: { tags, body: planCreateSchema } }, (req) =>
      createPlan(ctx, req.body),
    );
    app.put(
      "/plans/:id",
      { config: { access: "super" }, schema: { tags, params: idParams, body: planUpdateSchema } },
      (req) => updatePlan(ctx, req.params.id, req.body),
    );
    app.delete("/plans/:id", { config: { access: "super" }, schema: { tags, params: idParams } }, async (req) => {
      await deletePlan(ctx, req.params.id);
      return { message: "Plan deleted" };
    });
  };
}
