/**
 * Messages (core-platform §7.5): the conversation's pages, sending (JSON or multipart), retry, delete, and
 * an audio message's transcription.
 */
import { messageDeleteQuerySchema, messageListQuerySchema, messageSendSchema, idSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { uploadOf } from "../../http/uploads.js";
import { deleteMessage, listMessages, retryMessage } from "./messages.service.js";
import { messageUploads, sendAgentFiles, sendAgentText } from "./send-agent-message.js";
import { transcribeForAgent } from "./transcribe-message.js";

const ticketParams = z.object({ ticketId: idSchema });
const idParams = z.object({ id: idSchema });
const schema = { tags: ["messages"] };

export function messagesRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/messages/:ticketId",
      { config: { access: "user" }, schema: { ...schema, params: ticketParams, querystring: messageListQuerySchema } },
      (req) => listMessages(ctx, req.auth, req.params.ticketId, req.query.pageNumber),
    );

    // JSON is validated here; a multipart body (files) is read part by part once the ticket takes it.
    app.post(
      "/messages/:ticketId",
      { config: { access: "user" }, schema: { ...schema, params: ticketParams } },
      (req) =>
        req.isMultipart()
          ? sendAgentFiles(ctx, req.auth, req.params.ticketId, uploadOf(req, ctx, messageUploads))
          : sendAgentText(ctx, req.auth, req.params.ticketId, messageSendSchema.parse(req.body)),
    );

    app.post("/messages/:id/retry", { config: { access: "user" }, schema: { ...schema, params: idParams } }, (req) =>
      retryMessage(ctx, req.auth, req.params.id),
    );

    // "Transcrever" (issue 17 item 4): an audio message's text, through the ticket's AI prompt.
    app.post(
      "/messages/:id/transcribe",
      { config: { access: "user" }, schema: { ...schema, params: idParams } },
      (req) => transcribeForAgent(ctx, req.auth, req.params.id),
    );

    // ?scope=team: hidden for the agents only (the Cloud API cannot delete a sent message).
    app.delete(
      "/messages/:id",
      { config: { access: "user" }, schema: { ...schema, params: idParams, querystring: messageDeleteQuerySchema } },
      (req) => deleteMessage(ctx, req.auth, req.params.id, req.query.scope),
    );
  };
}
