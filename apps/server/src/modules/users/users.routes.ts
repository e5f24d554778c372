import { languageSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { setLanguage } from "./users.service.js";

export function usersRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/users/set-language/:lang",
      {
        config: { access: "user" },
        schema: { tags: ["users"], params: z.object({ lang: languageSchema }) },
      },
      async (req) => {
        const user = await setLanguage(ctx, req.auth.companyId, req.auth.id, req.params.lang);
        return { language: user.language };
      },
    );
  };
}
