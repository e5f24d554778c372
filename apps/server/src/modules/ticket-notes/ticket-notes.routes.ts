/** Ticket notes (core-platform §7.6). */
import { ticketNoteListQuerySchema, ticketNoteSaveSchema, idSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { createNote, deleteNote, listNotes } from "./ticket-notes.service.js";

const idParams = z.object({ id: idSchema });
const schema = { tags: ["ticket-notes"] };

export function ticketNotesRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/ticket-notes/list",
      { config: { access: "user" }, schema: { ...schema, querystring: ticketNoteListQuerySchema } },
      (req) => listNotes(ctx, req.auth, req.query),
    );

    app.post(
      "/ticket-notes",
      { config: { access: "user" }, schema: { ...schema, body: ticketNoteSaveSchema } },
      (req) => createNote(ctx, req.auth, req.body),
    );

    app.delete(
      "/ticket-notes/:id",
      { config: { access: "user" }, schema: { ...schema, params: idParams } },
      async (req, reply) => {
        await deleteNote(ctx, req.auth, req.params.id);
        return reply.status(204).send();
      },
    );
  };
}
