import { can, languageSchema, userSaveSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { updateUser } from "./update-user.js";
import { loadAuthUser, setLanguage } from "./users.service.js";

const idParams = z.object({ id: z.coerce.number().int().positive() });

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

    app.get(
      "/users/:id",
      { config: { access: "user" }, schema: { tags: ["users"], params: idParams } },
      async (req) => {
        const self = req.params.id === req.auth.id;
        if (!self && !req.auth.super && !can(req.auth.profile, "user-modal:editProfile")) {
          throw new AppError("ERR_NO_PERMISSION");
        }
        return loadAuthUser(ctx, req.auth.companyId, req.params.id);
      },
    );

    app.put(
      "/users/:id",
      { config: { access: "user" }, schema: { tags: ["users"], params: idParams, body: userSaveSchema } },
      async (req) => updateUser(ctx, req.auth, req.params.id, req.body),
    );
  };
}
