/**
 * Message events (core-platform §4.1 "Realtime, message channel"): to the
 * open ticket box, the ticket's status list and the notification room, as the
 * ticket's visibility scopes see them (realtime/ticket-scopes.ts), in one emit
 * to the union of rooms.
 */
import { rooms, type MessageDto, type TicketDto } from "@balcao/contracts";
import type { Context } from "../../context.js";
import { ticketAudience } from "../../realtime/ticket-scopes.js";

export function emitMessage(
  ctx: Pick<Context, "realtime">,
  action: "create" | "update",
  message: MessageDto,
  ticket: TicketDto,
) {
  const companyId = ticket.companyId;
  const audience = ticketAudience(
    [rooms.chatBox(companyId, ticket.id), rooms.tickets(companyId, ticket.status), rooms.notification(companyId)],
    ticket,
  );
  ctx.realtime.emit("appMessage", { companyId, rooms: audience }, { action, message, ticket, contact: ticket.contact });
}
