/** /helps (core-platform §7.3): any signed-in user reads; super users write. */
import { helpSaveSchema, listQuerySchema, idSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { createHelp, deleteHelp, listHelps, pageHelps, showHelp, updateHelp } from "./helps.service.js";

const idParams = z.object({ id: idSchema });
const tags = ["helps"];

export function helpsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/helps", { config: { access: "user" }, schema: { tags, querystring: listQuerySchema.loose() } }, (req) =>
      pageHelps(ctx, req.query.searchParam, req.query.pageNumber),
    );
    app.get("/helps/list", { config: { access: "user" }, schema: { tags } }, () => listHelps(ctx));
    app.get("/helps/:id", { config: { access: "user" }, schema: { tags, params: idParams } }, (req) =>
      showHelp(ctx, req.params.id),
    );
    app.post("/helps", { config: { access: "super" }, schema: { tags, body: helpSaveSchema } }, (req) =>
      createHelp(ctx, req.body),
    );
    app.put(
      "/helps/:id",
      { config: { access: "super" }, schema: { tags, params: idParams, body: helpSaveSchema } },
      (req) => updateHelp(ctx, req.params.id, req.body),
    );
    app.delete("/helps/:id", { config: { access: "super" }, schema: { tags, params: idParams } }, async (req) => {
      await deleteHelp(ctx, req.params.id);
      return { message: "Help deleted" };
    });
  };
}
