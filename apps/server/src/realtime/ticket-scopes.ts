/**
 * Ticket visibility (modules/tickets/ticket-visibility.ts) as room names, so
 * that Socket.IO itself, on one node or across nodes through the Redis
 * adapter, delivers a ticket's events only to the sockets whose user may see
 * that ticket.
 *
 * A socket joins each narrower room (a status list, the notification room, a
 * ticket box) once per scope of its user; a ticket's event goes to that room
 * once per scope of the ticket. The two scope lists share a name exactly when
 * `canSee(viewer, ticket)` holds (ticket-scopes.test.ts checks every case).
 */
import type { Viewer } from "../modules/tickets/ticket-visibility.js";

type TicketPlace = { queueId: number | null; userId: number | null };

export function viewerScopes(viewer: Viewer): string[] {
  if (viewer.overseer) return ["all"];
  return [
    `user:${viewer.id}`,
    ...viewer.queueIds.map((id) => `queue:${id}`),
    ...(viewer.seesNoQueue ? ["no-queue"] : []),
  ];
}

export function ticketScopes(ticket: TicketPlace): string[] {
  return [
    "all",
    ticket.queueId === null ? "no-queue" : `queue:${ticket.queueId}`,
    ...(ticket.userId === null ? [] : [`user:${ticket.userId}`]),
  ];
}

/** Every (room, scope) pair's room name. */
export function scopedRooms(roomNames: string[], scopes: string[]): string[] {
  return roomNames.flatMap((room) => scopes.map((scope) => `${room}|${scope}`));
}

/** The physical rooms a ticket's event goes to: the narrower rooms, as the ticket's scopes see them. */
export function ticketAudience(roomNames: string[], ticket: TicketPlace): string[] {
  return scopedRooms(roomNames, ticketScopes(ticket));
}
