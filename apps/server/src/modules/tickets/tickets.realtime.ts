/**
 * Where ticket events go (core-platform §4.1, §7.9): the status list the
 * ticket belongs to, the notification room and the open ticket box, each as
 * the ticket's visibility scopes see them (realtime/ticket-scopes.ts), so only
 * users who may see the ticket receive it. One emit to the union of rooms: a
 * socket in several of them gets the event once.
 */
import { rooms, type TicketDto } from "@balcao/contracts";
import type { Context } from "../../context.js";
import { ticketAudience } from "../../realtime/ticket-scopes.js";

/** What decides who receives a ticket's events. */
export interface TicketPlace extends Pick<TicketDto, "id" | "companyId" | "queueId" | "userId"> {
  status: string;
}

function ticketRooms(place: TicketPlace, statuses = [place.status]): string[] {
  return ticketAudience(
    [
      ...statuses.map((s) => rooms.tickets(place.companyId, s)),
      rooms.notification(place.companyId),
      rooms.chatBox(place.companyId, place.id),
    ],
    place,
  );
}

/**
 * `previous`: the ticket before an action. Its old list gets the update too,
 * so the ticket leaves it; users who could see it before but not now
 * (a transfer to another queue or agent) get a delete instead.
 */
export function emitTicketUpdate(
  ctx: Pick<Context, "realtime">,
  ticket: TicketDto,
  previous?: Pick<TicketPlace, "status" | "queueId" | "userId">,
) {
  const statuses = previous && previous.status !== ticket.status ? [ticket.status, previous.status] : undefined;
  const audience = ticketRooms(ticket, statuses);
  ctx.realtime.emit("ticket", { companyId: ticket.companyId, rooms: audience }, { action: "update", ticket });
  if (!previous) return;
  ctx.realtime.emit(
    "ticket",
    { companyId: ticket.companyId, rooms: ticketRooms({ ...ticket, ...previous }), except: audience },
    { action: "delete", ticketId: ticket.id },
  );
}

export function emitTicketDelete(ctx: Pick<Context, "realtime">, ticket: TicketPlace) {
  ctx.realtime.emit(
    "ticket",
    { companyId: ticket.companyId, rooms: ticketRooms(ticket) },
    { action: "delete", ticketId: ticket.id },
  );
}

export function emitTicketUnreadReset(ctx: Pick<Context, "realtime">, ticket: TicketDto) {
  ctx.realtime.emit(
    "ticket",
    { companyId: ticket.companyId, rooms: ticketRooms(ticket) },
    { action: "updateUnread", ticketId: ticket.id },
  );
}
