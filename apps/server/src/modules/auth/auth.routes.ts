import { auth as authConstants, loginSchema } from "@balcao/contracts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { loadAuthUser } from "../users/users.service.js";
import { login, refresh, type Session } from "./auth.service.js";
import { requestPasswordReset, resetPassword } from "./password-reset.js";
import { clearRefreshCookie, setRefreshCookie } from "./refresh-cookie.js";
import { logout } from "./session-end.js";

export function authRoutes(ctx: Context): FastifyPluginAsyncZod {
  const rateLimit = { max: ctx.config.AUTH_RATE_LIMIT, timeWindow: "1 minute" };

  const answer = (reply: FastifyReply, session: Session) => {
    setRefreshCookie(ctx, reply, session.refreshToken);
    return { token: session.token, user: session.user };
  };

  return async (app) => {
    app.post(
      "/auth/login",
      { config: { access: "public", rateLimit }, schema: { tags: ["auth"], body: loginSchema } },
      async (req, reply) => answer(reply, await login(ctx, req.body.email, req.body.password)),
    );

    app.post(
      "/auth/refresh_token",
      { config: { access: "public" }, schema: { tags: ["auth"] } },
      async (req, reply) => {
        try {
          return answer(reply, await refresh(ctx, req.cookies[authConstants.refreshCookie]));
        } catch (err) {
          clearRefreshCookie(reply);
          throw err;
        }
      },
    );

    app.delete("/auth/logout", { config: { access: "user" }, schema: { tags: ["auth"] } }, async (req, reply) => {
      await logout(ctx, req.auth.id);
      clearRefreshCookie(reply);
      return { message: "USER_LOGOUT" };
    });

    app.get("/auth/me", { config: { access: "user" }, schema: { tags: ["auth"] } }, async (req) =>
      loadAuthUser(ctx, req.auth.companyId, req.auth.id),
    );

    app.post(
      "/forgetpassword/:email",
      {
        config: { access: "public", rateLimit },
        schema: { tags: ["auth"], params: z.object({ email: z.string().max(200) }) },
      },
      async (req) => {
        await requestPasswordReset(ctx, req.params.email);
        return { status: 200 };
      },
    );

    app.post(
      "/resetpasswords/:email/:token/:newPassword",
      {
        // The path carries the new password: this route is never logged.
        logLevel: "silent",
        config: { access: "public", rateLimit },
        schema: {
          tags: ["auth"],
          params: z.object({ email: z.string().max(200), token: z.string().max(20), newPassword: z.string().max(200) }),
        },
      },
      async (req) => {
        await resetPassword(ctx, req.params.email, req.params.token, req.params.newPassword);
        return { status: 200 };
      },
    );
  };
}
