/**
 * GET /inbound-rejections?pageNumber= (super users only): the inbound items
 * no company could be shown, whichever company's connection received them.
 */
import { listQuerySchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Context } from "../../context.js";
import { pageRejections } from "./inbound-rejections.service.js";

const querystring = listQuerySchema.pick({ pageNumber: true });

export function inboundRejectionsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/inbound-rejections",
      { config: { access: "super" }, schema: { tags: ["inbound-rejections"], querystring } },
      (req) => pageRejections(ctx, req.query.pageNumber),
    );
  };
}
