/**
 * /flowcampaign (automation-areas §7 "Flow campaigns and connections"; issue 18 item 4): the
 * company's administrators only (403 ERR_NO_PERMISSION otherwise). PUT carries the id in the body.
 */
import { flowCampaignFieldsSchema, flowCampaignUpdateSchema, idSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import {
  createFlowCampaign,
  deleteFlowCampaign,
  getFlowCampaigns,
  showFlowCampaign,
  updateFlowCampaign,
} from "./flow-campaigns.service.js";

const idParams = z.object({ id: idSchema });
const tags = ["flow-campaigns"];
const admin = { access: "admin" } as const;

export function flowCampaignsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/flowcampaign", { config: admin, schema: { tags } }, (req) => getFlowCampaigns(ctx, req.auth.companyId));
    app.get("/flowcampaign/:id", { config: admin, schema: { tags, params: idParams } }, (req) =>
      showFlowCampaign(ctx, req.auth.companyId, req.params.id),
    );
    app.post("/flowcampaign", { config: admin, schema: { tags, body: flowCampaignFieldsSchema } }, (req) =>
      createFlowCampaign(ctx, req.auth.companyId, req.body),
    );
    app.put("/flowcampaign", { config: admin, schema: { tags, body: flowCampaignUpdateSchema } }, (req) =>
      updateFlowCampaign(ctx, req.auth.companyId, req.body),
    );
    app.delete("/flowcampaign/:id", { config: admin, schema: { tags, params: idParams } }, async (req) => {
      await deleteFlowCampaign(ctx, req.auth.companyId, req.params.id);
      return { id: req.params.id };
    });
  };
}
