/**
 * Where ticket events go (core-platform §4.1, §7.9): the status list the
 * ticket now belongs to, the notification room and the open ticket box. One
 * emit to the union of rooms, so a socket in several of them gets it once.
 * The web client filters by queue and profile (§4.1 "Realtime").
 */
import { rooms, type TicketDto } from "@balcao/contracts";
import type { Context } from "../../context.js";

function ticketRooms(companyId: number, ticketId: number, statuses: string[]): string[] {
  return [
    ...statuses.map((s) => rooms.tickets(companyId, s)),
    rooms.notification(companyId),
    rooms.chatBox(companyId, ticketId),
  ];
}

/** `previousStatus`: the list the ticket leaves, so it is removed there too. */
export function emitTicketUpdate(ctx: Pick<Context, "realtime">, ticket: TicketDto, previousStatus?: string) {
  const statuses =
    previousStatus && previousStatus !== ticket.status ? [ticket.status, previousStatus] : [ticket.status];
  ctx.realtime.emit(
    "ticket",
    { companyId: ticket.companyId, rooms: ticketRooms(ticket.companyId, ticket.id, statuses) },
    { action: "update", ticket },
  );
}

export function emitTicketDelete(ctx: Pick<Context, "realtime">, companyId: number, ticketId: number, status: string) {
  ctx.realtime.emit(
    "ticket",
    { companyId, rooms: ticketRooms(companyId, ticketId, [status]) },
    { action: "delete", ticketId },
  );
}

export function emitTicketUnreadReset(ctx: Pick<Context, "realtime">, ticket: TicketDto) {
  ctx.realtime.emit(
    "ticket",
    { companyId: ticket.companyId, rooms: ticketRooms(ticket.companyId, ticket.id, [ticket.status]) },
    { action: "updateUnread", ticketId: ticket.id },
  );
}
