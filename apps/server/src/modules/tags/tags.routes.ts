/**
 * Tags (business-areas §7 "Tags and kanban", core-platform §7.6). POST
 * /tags/sync (a ticket's tags) is a ticket write and lives in tickets.routes.ts;
 * /ticket/kanban and /ticket-tags are in modules/kanban.
 */
import { listQuerySchema, lookupQuerySchema, tagSaveSchema, idSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { presentTag } from "./tags.presenter.js";
import { kanbanTags, tagsNamed } from "./tags.queries.js";
import { createTag, deleteTag, listTagsPage, showTag, updateTag } from "./tags.service.js";

const idParams = z.object({ id: idSchema });
const schema = { tags: ["tags"] };

export function tagsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    // Also the campaign modal's GET /tags (companyId comes from the token, never the query).
    app.get(
      "/tags",
      { config: { access: "user" }, schema: { ...schema, querystring: listQuerySchema.loose() } },
      (req) => listTagsPage(ctx, req.auth.companyId, req.query.searchParam, req.query.pageNumber),
    );

    app.get(
      "/tags/list",
      { config: { access: "user" }, schema: { ...schema, querystring: lookupQuerySchema } },
      async (req) => (await tagsNamed(ctx.db, req.auth.companyId, req.query.searchParam)).map(presentTag),
    );

    app.get("/tags/kanban", { config: { access: "user", plan: "useKanban" }, schema }, async (req) => ({
      lista: (await kanbanTags(ctx.db, req.auth.companyId)).map(presentTag),
    }));

    app.get("/tags/:id", { config: { access: "user" }, schema: { ...schema, params: idParams } }, (req) =>
      showTag(ctx, req.auth.companyId, req.params.id),
    );

    app.post("/tags", { config: { access: "user" }, schema: { ...schema, body: tagSaveSchema } }, (req) =>
      createTag(ctx, req.auth, req.body),
    );

    app.put(
      "/tags/:id",
      { config: { access: "user" }, schema: { ...schema, params: idParams, body: tagSaveSchema } },
      (req) => updateTag(ctx, req.auth, req.params.id, req.body),
    );

    app.delete(
      "/tags/:id",
      { config: { access: "user" }, schema: { ...schema, params: idParams } },
      async (req, reply) => {
        await deleteTag(ctx, req.auth.companyId, req.params.id);
        return reply.status(204).send();
      },
    );
  };
}
