/**
 * /queueIntegration (automation-areas §7 "Queue integrations"; issue 17 item
 * 5): administrators only (§6), and only when the company's plan has
 * useIntegrations (403 ERR_NO_PERMISSION otherwise).
 */
import {
  idSchema,
  queueIntegrationDeletedMessage,
  queueIntegrationQuerySchema,
  queueIntegrationSaveSchema,
  queueIntegrationTestSchema,
} from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { presentQueueIntegration } from "./queue-integrations.presenter.js";
import {
  createQueueIntegration,
  deleteQueueIntegration,
  listQueueIntegrationsPage,
  loadQueueIntegration,
  regenerateSigningSecret,
  updateQueueIntegration,
} from "./queue-integrations.service.js";
import { testDialogflowSession } from "./test-session.js";

const idParams = z.object({ id: idSchema });
const tags = ["queueIntegrations"];
const config = { access: "admin", plan: "useIntegrations" } as const;

export function queueIntegrationsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/queueIntegration", { config, schema: { tags, querystring: queueIntegrationQuerySchema } }, (req) =>
      listQueueIntegrationsPage(ctx, req.auth.companyId, req.query.searchParam, req.query.pageNumber),
    );
    app.get("/queueIntegration/:id", { config, schema: { tags, params: idParams } }, async (req) =>
      presentQueueIntegration(await loadQueueIntegration(ctx, req.auth.companyId, req.params.id)),
    );
    app.post("/queueIntegration", { config, schema: { tags, body: queueIntegrationSaveSchema } }, (req) =>
      createQueueIntegration(ctx, req.auth.companyId, req.body),
    );
    app.put(
      "/queueIntegration/:id",
      { config, schema: { tags, params: idParams, body: queueIntegrationSaveSchema } },
      (req) => updateQueueIntegration(ctx, req.auth.companyId, req.params.id, req.body),
    );
    app.delete("/queueIntegration/:id", { config, schema: { tags, params: idParams } }, async (req) => {
      await deleteQueueIntegration(ctx, req.auth.companyId, req.params.id);
      return { message: queueIntegrationDeletedMessage };
    });
    app.post("/queueIntegration/:id/secret", { config, schema: { tags, params: idParams } }, (req) =>
      regenerateSigningSecret(ctx, req.auth.companyId, req.params.id),
    );
    app.post(
      "/queueIntegration/testSession",
      { config, schema: { tags, body: queueIntegrationTestSchema } },
      async (req) => {
        await testDialogflowSession(ctx, req.auth.companyId, req.body);
        return { message: "ok" };
      },
    );
  };
}
