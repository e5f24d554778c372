import { settingUpdateSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { listSettings } from "./settings.queries.js";
import { updateSetting } from "./settings.service.js";

export function settingsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/settings", { config: { access: "user" }, schema: { tags: ["settings"] } }, async (req) =>
      listSettings(ctx.db, req.auth.companyId, req.auth),
    );

    app.put(
      "/settings/:key",
      {
        config: { access: "admin" },
        schema: { tags: ["settings"], params: z.object({ key: z.string().max(100) }), body: settingUpdateSchema },
      },
      async (req) => updateSetting(ctx, req.auth, req.params.key, req.body.value),
    );
  };
}
