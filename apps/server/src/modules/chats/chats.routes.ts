/**
 * /chats (business-areas §7 "Internal chat"): every signed-in user reaches the
 * chats they are a member of. GET /chats/{uuid or id} is ours: the page opens
 * the chat its address names (/chats/:id? carries the uuid).
 */
import {
  chatListQuerySchema,
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatReadSchema,
  chatSaveSchema,
  idSchema,
} from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { listChatMessages, markChatRead, postChatMessage } from "./chat-messages.service.js";
import { createChat, deleteChat, listChats, showChat, updateChat } from "./chats.service.js";

const idParams = z.object({ id: idSchema });
/** The page's address carries the uuid; a client that knows the id may use it. */
const showParams = z.object({ id: z.union([z.uuid(), idSchema]) });
const tags = ["chats"];
const user = { access: "user" } as const;

export function chatsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/chats", { config: user, schema: { tags, querystring: chatListQuerySchema } }, (req) =>
      listChats(ctx, req.auth, req.query.searchParam, req.query.pageNumber),
    );
    app.get("/chats/:id", { config: user, schema: { tags, params: showParams } }, (req) =>
      showChat(ctx, req.auth, req.params.id),
    );
    app.post("/chats", { config: user, schema: { tags, body: chatSaveSchema } }, (req) =>
      createChat(ctx, req.auth, req.body),
    );
    app.put("/chats/:id", { config: user, schema: { tags, params: idParams, body: chatSaveSchema } }, (req) =>
      updateChat(ctx, req.auth, req.params.id, req.body),
    );
    app.delete("/chats/:id", { config: user, schema: { tags, params: idParams } }, async (req, reply) => {
      await deleteChat(ctx, req.auth, req.params.id);
      return reply.status(204).send();
    });
    app.post("/chats/:id/read", { config: user, schema: { tags, params: idParams, body: chatReadSchema } }, (req) =>
      markChatRead(ctx, req.auth, req.params.id),
    );
    app.get(
      "/chats/:id/messages",
      { config: user, schema: { tags, params: idParams, querystring: chatMessagesQuerySchema } },
      (req) => listChatMessages(ctx, req.auth, req.params.id, req.query.pageNumber),
    );
    app.post(
      "/chats/:id/messages",
      { config: user, schema: { tags, params: idParams, body: chatMessageSchema } },
      (req) => postChatMessage(ctx, req.auth, req.params.id, req.body.message),
    );
  };
}
