/**
 * /campaigns (business-areas §7 "Campaigns"; the shipping table and its CSV
 * beyond the anchors): every signed-in user of a company whose plan has
 * campaigns (useCampaigns) lists, reads, saves, attaches media to, cancels,
 * restarts and deletes the company's campaigns.
 */
import { campaignListQuerySchema, campaignSaveSchema, campaignShippingQuerySchema, idSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { uploadOf } from "../../http/uploads.js";
import { cancelCampaign, restartCampaign } from "./campaign-run.js";
import { campaignUploads, removeCampaignMedia, uploadCampaignMedia } from "./campaign-media.js";
import { assertCampaignExists, exportShipping, listShippingPage, shippingCsvName } from "./campaign-shipping.js";
import {
  createCampaign,
  deleteCampaign,
  listCampaignsPage,
  savedCampaign,
  showCampaign,
  updateCampaign,
} from "./campaigns.service.js";

const idParams = z.object({ id: idSchema });
const tags = ["campaigns"];
const config = { access: "user", plan: "useCampaigns" } as const;

export function campaignsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/campaigns", { config, schema: { tags, querystring: campaignListQuerySchema } }, (req) =>
      listCampaignsPage(ctx, req.auth.companyId, req.query.searchParam, req.query.pageNumber),
    );
    app.get("/campaigns/:id", { config, schema: { tags, params: idParams } }, (req) =>
      showCampaign(ctx, req.auth.companyId, req.params.id),
    );
    app.post("/campaigns", { config, schema: { tags, body: campaignSaveSchema } }, (req) =>
      createCampaign(ctx, req.auth.companyId, req.body),
    );
    app.put("/campaigns/:id", { config, schema: { tags, params: idParams, body: campaignSaveSchema } }, (req) =>
      updateCampaign(ctx, req.auth.companyId, req.params.id, req.body),
    );
    app.delete("/campaigns/:id", { config, schema: { tags, params: idParams } }, async (req) => {
      await deleteCampaign(ctx, req.auth.companyId, req.params.id);
      return { message: "Campaign deleted" };
    });

    app.post("/campaigns/:id/media-upload", { config, schema: { tags, params: idParams } }, (req) =>
      uploadCampaignMedia(ctx, req.auth.companyId, req.params.id, uploadOf(req, ctx, campaignUploads)),
    );
    app.delete("/campaigns/:id/media-upload", { config, schema: { tags, params: idParams } }, (req) =>
      removeCampaignMedia(ctx, req.auth.companyId, req.params.id),
    );

    app.post("/campaigns/:id/cancel", { config, schema: { tags, params: idParams } }, async (req) => {
      await cancelCampaign(ctx, req.auth.companyId, req.params.id);
      return savedCampaign(ctx, req.auth.companyId, req.params.id);
    });
    app.post("/campaigns/:id/restart", { config, schema: { tags, params: idParams } }, async (req) => {
      await restartCampaign(ctx, req.auth.companyId, req.params.id);
      return savedCampaign(ctx, req.auth.companyId, req.params.id);
    });

    app.get(
      "/campaigns/:id/shipping",
      { config, schema: { tags, params: idParams, querystring: campaignShippingQuerySchema } },
      (req) => listShippingPage(ctx, req.auth.companyId, req.params.id, req.query),
    );
    app.get("/campaigns/:id/shipping/export", { config, schema: { tags, params: idParams } }, async (req, reply) => {
      await assertCampaignExists(ctx.db, req.auth.companyId, req.params.id);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${shippingCsvName(req.params.id)}"`)
        .header("cache-control", "no-store")
        .send(exportShipping(ctx.db, req.auth.companyId, req.params.id));
    });
  };
}
