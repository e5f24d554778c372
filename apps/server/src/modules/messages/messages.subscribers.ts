/**
 * Message realtime, driven by the domain events after their commit: a
 * message stored, whether a customer's or one sent from our side, goes
 * through the per-company batches of ingest-announce.ts (its ticket's list
 * row, then the bubble): a burst of the bot's answers is read in a few
 * statements, not two per message. A commit's messages are announced
 * together, after its other events if need be (events/bus.ts `batched`).
 */
import type { Context } from "../../context.js";
import { announce } from "./ingest-announce.js";

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
  // A commit's messages join one batch (events/bus.ts: batched).
  ctx.events.on(
    "message.updated",
    (e) => announce(ctx, e.companyId, { ticketId: e.ticketId, messageId: e.messageId, action: "update" }),
    { batched: true },
  );
  ctx.events.on(
    "message.sent",
    (e) => announce(ctx, e.companyId, { ticketId: e.ticketId, messageId: e.messageId, action: "create" }),
    { batched: true },
  );
}
