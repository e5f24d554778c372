/**
 * /quick-messages (business-areas §7 "Quick messages"): every signed-in user
 * keeps their own quick messages and reads the company's shared ones.
 */
import { lookupQuerySchema, quickMessageListQuerySchema, quickMessageSaveSchema, idSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { uploadOf } from "../../http/uploads.js";
import { quickMessageUploads, removeQuickMessageMedia, uploadQuickMessageMedia } from "./quick-message-media.js";
import { presentQuickMessage } from "./quick-messages.presenter.js";
import {
  createQuickMessage,
  deleteQuickMessage,
  listActiveQuickMessages,
  listQuickMessagesPage,
  loadQuickMessage,
  updateQuickMessage,
} from "./quick-messages.service.js";

const idParams = z.object({ id: idSchema });
const tags = ["quick-messages"];
const user = { access: "user" } as const;

export function quickMessagesRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/quick-messages", { config: user, schema: { tags, querystring: quickMessageListQuerySchema } }, (req) =>
      listQuickMessagesPage(ctx, req.auth, req.query.searchParam, req.query.pageNumber),
    );
    app.get("/quick-messages/list", { config: user, schema: { tags, querystring: lookupQuerySchema } }, (req) =>
      listActiveQuickMessages(ctx, req.auth, req.query.searchParam),
    );
    app.get("/quick-messages/:id", { config: user, schema: { tags, params: idParams } }, async (req) =>
      presentQuickMessage(await loadQuickMessage(ctx, req.auth, req.params.id)),
    );
    app.post("/quick-messages", { config: user, schema: { tags, body: quickMessageSaveSchema } }, (req) =>
      createQuickMessage(ctx, req.auth, req.body),
    );
    app.put(
      "/quick-messages/:id",
      { config: user, schema: { tags, params: idParams, body: quickMessageSaveSchema } },
      (req) => updateQuickMessage(ctx, req.auth, req.params.id, req.body),
    );
    app.delete("/quick-messages/:id", { config: user, schema: { tags, params: idParams } }, async (req) => {
      await deleteQuickMessage(ctx, req.auth, req.params.id);
      return { message: "Quick message deleted" };
    });
    app.post("/quick-messages/:id/media-upload", { config: user, schema: { tags, params: idParams } }, (req) =>
      uploadQuickMessageMedia(ctx, req.auth, req.params.id, uploadOf(req, ctx, quickMessageUploads)),
    );
    app.delete("/quick-messages/:id/media-upload", { config: user, schema: { tags, params: idParams } }, (req) =>
      removeQuickMessageMedia(ctx, req.auth, req.params.id),
    );
  };
}
