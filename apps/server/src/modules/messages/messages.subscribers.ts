/**
 * Message realtime, driven by the domain events after their commit: what
 * ingest stored goes through the per-company batches of ingest-announce.ts
 * (its ticket, then the message); a message sent from our side, its bubble
 * and its ticket's list row.
 */
import type { Context } from "../../context.js";
import { emitTicketUpdate } from "../tickets/tickets.realtime.js";
import { ticketNow } from "../tickets/tickets.subscribers.js";
import { announce } from "./ingest-announce.js";
import { loadMessage } from "./messages.presenter.js";
import { emitMessage } from "./messages.realtime.js";

export function subscribeMessageRealtime(ctx: Context): void {
  ctx.events.on("message.received", (e) =>
    announce(ctx, e.companyId, {
      ticketId: e.ticketId,
      messageId: e.messageId,
      action: "create",
      newContactIds: e.newContactIds,
      changedContactIds: e.changedContactIds,
    }),
  );
  ctx.events.on("message.updated", (e) =>
    announce(ctx, e.companyId, { ticketId: e.ticketId, messageId: e.messageId, action: "update" }),
  );
  ctx.events.on("message.sent", async (e, scope) => {
    const [message, ticket] = await Promise.all([
      loadMessage(ctx.db, e.companyId, e.messageId),
      ticketNow(ctx, scope, e.companyId, e.ticketId),
    ]);
    if (!message || !ticket) return;
    emitMessage(ctx, "create", message, ticket);
    emitTicketUpdate(ctx, ticket);
  });
}
