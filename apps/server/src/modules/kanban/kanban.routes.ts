/**
 * The kanban's calls (business-areas §7 "Tags and kanban"), for companies
 * whose plan has useKanban: GET /ticket/kanban, the spec's DELETE and PUT
 * /ticket-tags, and our one-step POST /ticket/kanban/{ticketId}/move.
 * Each answers the ticket as it now is (the board reads it as a card).
 */
import { idSchema, kanbanMoveSchema, kanbanQuerySchema, ticketTagParamsSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { attachTicketTag, listBoard, moveCard, removeTicketTags } from "./kanban.service.js";

const ticketIdParams = z.object({ ticketId: idSchema });
const tags = ["kanban"];
const kanban = { access: "user", plan: "useKanban" } as const;

export function kanbanRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/ticket/kanban", { config: kanban, schema: { tags, querystring: kanbanQuerySchema } }, (req) =>
      listBoard(ctx, req.auth, req.query),
    );
    app.post(
      "/ticket/kanban/:ticketId/move",
      { config: kanban, schema: { tags, params: ticketIdParams, body: kanbanMoveSchema } },
      (req) => moveCard(ctx, req.auth, req.params.ticketId, req.body.tagId),
    );
    app.delete("/ticket-tags/:ticketId", { config: kanban, schema: { tags, params: ticketIdParams } }, (req) =>
      removeTicketTags(ctx, req.auth, req.params.ticketId),
    );
    app.put(
      "/ticket-tags/:ticketId/:tagId",
      { config: kanban, schema: { tags, params: ticketTagParamsSchema } },
      (req) => attachTicketTag(ctx, req.auth, req.params.ticketId, req.params.tagId),
    );
  };
}
