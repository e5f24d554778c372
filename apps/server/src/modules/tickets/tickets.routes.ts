/** Tickets (core-platform §7.5) and the ticket's tag set (POST /tags/sync, §7.6). */
import {
  tagSyncSchema,
  ticketCreateSchema,
  ticketListQuerySchema,
  ticketUpdateSchema,
  idSchema,
} from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { createTicket, OtherAttendantError } from "./create-ticket.js";
import { syncTicketTags } from "./sync-ticket-tags.js";
import { ticketTimeline } from "./ticket-timeline.js";
import { deleteTicket, listTickets, showTicket } from "./tickets.service.js";
import { updateTicket } from "./update-ticket.js";

const idParams = z.object({ id: idSchema });
const ticketIdParams = z.object({ ticketId: idSchema });
// Any uuid-shaped text: a malformed one answers 400 instead of reaching the database.
const uuidParams = z.object({
  uuid: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i),
});
const schema = { tags: ["tickets"] };

export function ticketsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/tickets",
      { config: { access: "user" }, schema: { ...schema, querystring: ticketListQuerySchema } },
      (req) => listTickets(ctx, req.auth, req.query),
    );

    app.get("/tickets/:id", { config: { access: "user" }, schema: { ...schema, params: idParams } }, (req) =>
      showTicket(ctx, req.auth, { id: req.params.id }),
    );

    app.get(
      "/tickets/:ticketId/timeline",
      { config: { access: "user" }, schema: { ...schema, params: ticketIdParams } },
      (req) => ticketTimeline(ctx, req.auth, req.params.ticketId),
    );

    app.get("/tickets/u/:uuid", { config: { access: "user" }, schema: { ...schema, params: uuidParams } }, (req) =>
      showTicket(ctx, req.auth, { uuid: req.params.uuid }),
    );

    app.post(
      "/tickets",
      { config: { access: "user" }, schema: { ...schema, body: ticketCreateSchema } },
      async (req, reply) => {
        try {
          return await createTicket(ctx, req.auth, req.body);
        } catch (err) {
          // §8.2: the modal reads an object in `error` as "held by another attendant".
          if (err instanceof OtherAttendantError) return reply.status(err.status).send({ error: err.ticket });
          throw err;
        }
      },
    );

    app.put(
      "/tickets/:id",
      { config: { access: "user" }, schema: { ...schema, params: idParams, body: ticketUpdateSchema } },
      (req) => updateTicket(ctx, req.auth, req.params.id, req.body),
    );

    app.delete(
      "/tickets/:id",
      { config: { access: "ticket-options:deleteTicket" }, schema: { ...schema, params: idParams } },
      async (req, reply) => {
        await deleteTicket(ctx, req.auth, req.params.id);
        return reply.status(204).send();
      },
    );

    app.post("/tags/sync", { config: { access: "user" }, schema: { ...schema, body: tagSyncSchema } }, (req) =>
      syncTicketTags(ctx, req.auth, req.body),
    );
  };
}
