/** Dashboard (core-platform §7.7): admins only (permission dashboard:view, §6). */
import { dashboardChartQuerySchema, dashboardQuerySchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Context } from "../../context.js";
import { dashboardData, ticketsPerDayChart, ticketsPerUserChart } from "./dashboard.service.js";

const schema = { tags: ["dashboard"] };
const config = { access: "dashboard:view" } as const;

export function dashboardRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/dashboard", { config, schema: { ...schema, querystring: dashboardQuerySchema } }, (req) =>
      dashboardData(ctx, req.auth.companyId, req.query),
    );

    app.get(
      "/dashboard/ticketsUsers",
      { config, schema: { ...schema, querystring: dashboardChartQuerySchema } },
      (req) => ticketsPerUserChart(ctx, req.auth.companyId, req.query),
    );

    app.get("/dashboard/ticketsDay", { config, schema: { ...schema, querystring: dashboardChartQuerySchema } }, (req) =>
      ticketsPerDayChart(ctx, req.auth.companyId, req.query),
    );
  };
}
