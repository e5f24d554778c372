/**
 * Billing (core-platform §7.8): the company's invoices and the Pix checkout,
 * for its admins and super users, or an expired company's payment pass
 * (access "payment"). No route marks an invoice paid or moves a due date:
 * only a charge the provider confirms does (confirm-payment.ts).
 */
import { invoiceListQuerySchema, subscriptionSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Context } from "../../context.js";
import { billingViewerOf } from "./billing-viewer.js";
import { checkout } from "./checkout.js";
import { listInvoices } from "./invoices.service.js";

const tags = ["billing"];

export function billingRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/invoices/all",
      { config: { access: "payment" }, schema: { tags, querystring: invoiceListQuerySchema } },
      (req) => listInvoices(ctx, billingViewerOf(req), req.query),
    );

    app.post("/subscription", { config: { access: "payment" }, schema: { tags, body: subscriptionSchema } }, (req) =>
      checkout(ctx, billingViewerOf(req), req.body),
    );
  };
}
