/**
 * The delivery log of n8n and webhook integrations (issue 17 item 6), beside
 * modules/queue-integrations' own routes: administrators only (§6), behind
 * the plan's useIntegrations (403 ERR_NO_PERMISSION otherwise).
 *
 *   GET  /queueIntegration/{id}/deliveries                     → {deliveries} (the last 100, newest first)
 *   POST /queueIntegration/{id}/deliveries/{deliveryId}/resend → the delivery, pending again
 *   GET  /integration-media/{deliveryId}                       → the delivered message's file (media-link.ts)
 */
import { idSchema, integrationDeliveryParamsSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { listDeliveries, resendDelivery } from "./deliveries.service.js";
import { serveDeliveryMedia } from "./delivery-media.js";

const tags = ["queueIntegration"];
const admin = { access: "admin", plan: "useIntegrations" } as const;

export function integrationDeliveriesRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/queueIntegration/:id/deliveries",
      { config: admin, schema: { tags, params: z.object({ id: idSchema }) } },
      (req) => listDeliveries(ctx, req.auth.companyId, req.params.id),
    );
    app.post(
      "/queueIntegration/:id/deliveries/:deliveryId/resend",
      { config: admin, schema: { tags, params: integrationDeliveryParamsSchema } },
      (req) => resendDelivery(ctx, req.auth.companyId, req.params.id, req.params.deliveryId),
    );
    // The link is the key (a random deliveryId only the receiver is told): no session.
    app.get(
      "/integration-media/:deliveryId",
      { config: { access: "public" }, schema: { tags, params: z.object({ deliveryId: z.uuid() }) } },
      (req, reply) => serveDeliveryMedia(ctx, req.params.deliveryId, reply),
    );
  };
}
