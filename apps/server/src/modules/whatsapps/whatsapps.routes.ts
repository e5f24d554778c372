/**
 * /whatsapp (core-platform §7.4): anyone signed in reads the company's
 * connections (the new-ticket and transfer modals list them); adding, editing
 * and deleting need the connections-page permissions. The session buttons
 * (/whatsappsession: start, new QR, disconnect) need the action-buttons one;
 * their outcome reaches the page as whatsappSession events.
 */
import { whatsappSaveSchema, idSchema, type GeneratedToken } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { tokenGuesses } from "../external-api/token-guesses.js";
import { createWhatsapp, generateApiToken, updateWhatsapp } from "./save-whatsapp.js";
import { sessionCommand } from "./whatsapp-session.js";
import { deleteWhatsapp, getWhatsapps, showWhatsapp } from "./whatsapps.service.js";

const idParams = z.object({ id: idSchema });
// The client sends companyId and session=0; the company always comes from the token.
const readQuery = z.object({ companyId: z.unknown().optional(), session: z.unknown().optional() }).loose();
const tags = ["connections"];

export function whatsappsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    // Saves of a new token count with the external API's wrong tokens (issue 29 item 8).
    const guesses = tokenGuesses(app, ctx);
    app.get("/whatsapp", { config: { access: "user" }, schema: { tags, querystring: readQuery } }, (req) =>
      getWhatsapps(ctx, req.auth),
    );
    app.get(
      "/whatsapp/:id",
      { config: { access: "user" }, schema: { tags, params: idParams, querystring: readQuery } },
      (req) => showWhatsapp(ctx, req.auth, req.params.id),
    );
    app.post(
      "/whatsapp",
      { config: { access: "connections-page:addConnection" }, schema: { tags, body: whatsappSaveSchema } },
      (req, reply) => createWhatsapp(ctx, req.auth, req.body, () => guesses.take(req, reply)),
    );
    // The modal's "generate" button: a token no one can guess, so none needs typing (issue 29 item 8).
    app.post(
      "/whatsapp/token",
      { config: { access: "connections-page:editOrDeleteConnection" }, schema: { tags } },
      (): GeneratedToken => ({ token: generateApiToken() }),
    );
    app.put(
      "/whatsapp/:id",
      {
        config: { access: "connections-page:editOrDeleteConnection" },
        schema: { tags, params: idParams, body: whatsappSaveSchema },
      },
      (req, reply) => updateWhatsapp(ctx, req.auth, req.params.id, req.body, () => guesses.take(req, reply)),
    );
    app.delete(
      "/whatsapp/:id",
      { config: { access: "connections-page:editOrDeleteConnection" }, schema: { tags, params: idParams } },
      async (req) => {
        await deleteWhatsapp(ctx, req.auth.companyId, req.params.id);
        return { message: "Whatsapp deleted." };
      },
    );
    const session = {
      config: { access: "connections-page:actionButtons" },
      schema: { tags, params: idParams },
    } as const;
    app.post("/whatsappsession/:id", session, (req) => sessionCommand(ctx, req.auth.companyId, req.params.id, "start"));
    app.put("/whatsappsession/:id", session, (req) => sessionCommand(ctx, req.auth.companyId, req.params.id, "renew"));
    app.delete("/whatsappsession/:id", session, (req) =>
      sessionCommand(ctx, req.auth.companyId, req.params.id, "disconnect"),
    );
  };
}
