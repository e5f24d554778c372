/**
 * /campaign-settings (business-areas §7 "Campaigns"): the company's campaign
 * settings, for plans with campaigns (or the campaignsEnabled setting);
 * administrators change them.
 */
import { campaignSettingsSaveSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Context } from "../../context.js";
import { readCampaignSettings, saveCampaignSettings } from "./campaign-settings.service.js";

const tags = ["campaign-settings"];

export function campaignSettingsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/campaign-settings", { config: { access: "user", plan: "useCampaigns" }, schema: { tags } }, (req) =>
      readCampaignSettings(ctx, req.auth.companyId),
    );
    app.post(
      "/campaign-settings",
      { config: { access: "admin", plan: "useCampaigns" }, schema: { tags, body: campaignSettingsSaveSchema } },
      (req) => saveCampaignSettings(ctx, req.auth.companyId, req.body.settings),
    );
  };
}
