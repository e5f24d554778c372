/**
 * /companies (core-platform §7.3): the public sign-up, a user's own company
 * and plan, the company admin's business hours, and company management for
 * super users.
 */
import {
  companyCreateSchema,
  companySchedulesSchema,
  companyUpdateSchema,
  listQuerySchema,
  signupSchema,
  idSchema,
} from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import {
  addCompany,
  editCompany,
  listCompanies,
  pageCompanies,
  removeCompany,
  saveCompanySchedules,
  showCompany,
  showOwnCompany,
} from "./companies.service.js";
import { signUp } from "./signup.js";

const idParams = z.object({ id: idSchema });
const tags = ["companies"];

export function companiesRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/companies/cadastro",
      {
        config: { access: "public", rateLimit: { max: ctx.config.AUTH_RATE_LIMIT, timeWindow: "1 minute" } },
        schema: { tags, body: signupSchema },
      },
      async (req, reply) => reply.status(201).send(await signUp(ctx, req.body)),
    );

    // The plan flags and the company fields its own users need (subscription page, business hours).
    app.get(
      "/companies/listPlan/:companyId",
      { config: { access: "user" }, schema: { tags, params: z.object({ companyId: idSchema }) } },
      (req) => showOwnCompany(ctx, req.params.companyId, req.auth),
    );

    app.put(
      "/companies/:id/schedules",
      { config: { access: "admin" }, schema: { tags, params: idParams, body: companySchedulesSchema } },
      (req) => saveCompanySchedules(ctx, req.params.id, req.body, req.auth),
    );

    app.get(
      "/companies",
      { config: { access: "super" }, schema: { tags, querystring: listQuerySchema.loose() } },
      (req) => pageCompanies(ctx, req.query.searchParam, req.query.pageNumber),
    );
    app.get("/companies/list", { config: { access: "super" }, schema: { tags } }, () => listCompanies(ctx));
    app.get("/companies/:id", { config: { access: "super" }, schema: { tags, params: idParams } }, (req) =>
      showCompany(ctx, req.params.id, req.auth),
    );
    app.post("/companies", { config: { access: "super" }, schema: { tags, body: companyCreateSchema } }, (req) =>
      addCompany(ctx, req.body, req.auth),
    );
    app.put(
      "/companies/:id",
      { config: { access: "super" }, schema: { tags, params: idParams, body: companyUpdateSchema } },
      (req) => editCompany(ctx, req.params.id, req.body, req.auth),
    );
    app.delete("/companies/:id", { config: { access: "super" }, schema: { tags, params: idParams } }, async (req) => {
      await removeCompany(ctx, req.params.id);
      return { message: "Company deleted" };
    });
  };
}
