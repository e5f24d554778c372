/**
 * POST /flowbuilder/{id}/simulate (issue 18 item 7): the company's administrators try a saved flow;
 * the walk is the runtime's (automation/flows/simulate.ts). Another company's flow is not found.
 */
import { flowSimulateSchema, idSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { simulateFlow } from "../../automation/flows/simulate.js";
import type { Context } from "../../context.js";

const idParams = z.object({ id: idSchema });

export function flowSimulateRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/flowbuilder/:id/simulate",
      { config: { access: "admin" }, schema: { tags: ["flows"], params: idParams, body: flowSimulateSchema } },
      (req) => simulateFlow(ctx.db, req.auth.companyId, req.params.id, req.body.messages),
    );
  };
}
