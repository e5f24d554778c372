/**
 * Users (core-platform §2.16, §7.2).
 * - GET /users, POST /users, DELETE /users/{id}: admins (and super users).
 *   The supervisor has no administration (no drawer-admin-items:view, §6),
 *   so it does not manage users either.
 * - GET /users/list: any signed-in user (transfer modal, user filters).
 * - GET and PUT /users/{id}: oneself, or an admin for anyone of the company.
 */
import {
  can,
  languageSchema,
  userCreateSchema,
  userListQuerySchema,
  userNamesQuerySchema,
  userSaveSchema,
  type UserSaveResponse,
  idSchema,
} from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { setRefreshCookie } from "../auth/refresh-cookie.js";
import { createUser } from "./create-user.js";
import { deleteUser } from "./delete-user.js";
import { updateUser } from "./update-user.js";
import { listUserNames, listUsersPage, loadAuthUser, setLanguage } from "./users.service.js";

const idParams = z.object({ id: idSchema });
const tags = ["users"];

export function usersRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/users", { config: { access: "admin" }, schema: { tags, querystring: userListQuerySchema } }, (req) =>
      listUsersPage(ctx, req.auth.companyId, req.query.searchParam, req.query.pageNumber),
    );

    app.get("/users/list", { config: { access: "user" }, schema: { tags, querystring: userNamesQuerySchema } }, (req) =>
      listUserNames(ctx, req.auth, req.query.companyId || undefined),
    );

    app.post("/users", { config: { access: "admin" }, schema: { tags, body: userCreateSchema } }, (req) =>
      createUser(ctx, req.auth, req.body),
    );

    app.post(
      "/users/set-language/:lang",
      { config: { access: "user" }, schema: { tags, params: z.object({ lang: languageSchema }) } },
      (req) => setLanguage(ctx, req.auth.companyId, req.auth.id, req.params.lang),
    );

    app.get("/users/:id", { config: { access: "user" }, schema: { tags, params: idParams } }, async (req) => {
      const self = req.params.id === req.auth.id;
      if (!self && !req.auth.super && !can(req.auth.profile, "user-modal:editProfile")) {
        throw new AppError("ERR_NO_PERMISSION");
      }
      return loadAuthUser(ctx, req.auth.companyId, req.params.id, req.auth);
    });

    app.put(
      "/users/:id",
      { config: { access: "user" }, schema: { tags, params: idParams, body: userSaveSchema } },
      async (req, reply): Promise<UserSaveResponse> => {
        const { user, session } = await updateUser(ctx, req.auth, req.params.id, req.body);
        if (!session) return user;
        setRefreshCookie(ctx, reply, session.refreshToken);
        return { ...user, token: session.token };
      },
    );

    app.delete("/users/:id", { config: { access: "admin" }, schema: { tags, params: idParams } }, async (req) => {
      await deleteUser(ctx, req.auth, req.params.id);
      return { message: "User deleted" };
    });
  };
}
