/**
 * The board's rules (business-areas §2.6, §4 "Tag and kanban", §6), kept free
 * of React so they can be tested alone: what the board asks for, which lanes
 * a card sits in, and whether a ticket from a realtime event belongs on it.
 */
import { kanbanStatuses, openLaneId, type AuthUser, type LaneId, type TagDto, type TicketDto } from "@balcao/contracts";
import { belongsToList, type Viewer } from "../tickets/ticketRules";

/** §6: the user's queue ids are always sent; showAll only for admins. */
export interface BoardFilter {
  queueIds: number[];
  showAll: boolean;
}

export function boardFilter(user: Pick<AuthUser, "profile" | "queues">): BoardFilter {
  return { queueIds: user.queues.map((q) => q.id), showAll: user.profile === "admin" };
}

/** The query string of GET /ticket/kanban (§7): queueIds as a JSON array. */
export function boardQuery(filter: BoardFilter) {
  return { queueIds: JSON.stringify(filter.queueIds), showAll: String(filter.showAll) };
}

export type Lane = { id: LaneId; tag?: Pick<TagDto, "id" | "name" | "color">; cards: TicketDto[] };

/** The ticket's tags that are not lanes: a card in 'open' shows them, so the user sees why it sits there. */
export function otherTags<T extends Pick<TagDto, "id">>(ticket: { tags: T[] }, laneTagIds: number[]): T[] {
  return ticket.tags.filter((t) => !laneTagIds.includes(t.id));
}

/**
 * 'open' first, then one lane per kanban tag in the order given, each with its
 * cards in board order. A card sits in each lane whose tag it carries; 'open'
 * holds those carrying no lane's tag: no tags, or only tags that are not lanes
 * (§2.6 names the first; the second would otherwise vanish from the board).
 */
export function lanesOf(laneTags: Pick<TagDto, "id" | "name" | "color">[], cards: TicketDto[]): Lane[] {
  const laneTagIds = laneTags.map((tag) => tag.id);
  return [
    { id: openLaneId, cards: cards.filter((c) => otherTags(c, laneTagIds).length === c.tags.length) },
    ...laneTags.map((tag) => ({ id: tag.id, tag, cards: cards.filter((c) => c.tags.some((t) => t.id === tag.id)) })),
  ];
}

/**
 * Whether a ticket (after a realtime update) is a card of this board, as the
 * server would list it: active (whatever its tags: every ticket has a lane),
 * and for those without showAll the ticket list's rule (their own and the
 * waiting ones of their queues). Who may see it at all is the server's call:
 * it sends only those.
 */
export function onBoard(ticket: TicketDto, filter: BoardFilter, user: Viewer): boolean {
  if (!(kanbanStatuses as readonly string[]).includes(ticket.status)) return false;
  if (filter.showAll) return true;
  return belongsToList(ticket, { status: ticket.status, showAll: false, queueIds: filter.queueIds }, user);
}

/** The board after a ticket changed: updated in place, new ones first, gone when no longer on it. */
export function withTicket(cards: TicketDto[], ticket: TicketDto, stays: boolean): TicketDto[] {
  const known = cards.some((c) => c.id === ticket.id);
  if (!stays) return known ? cards.filter((c) => c.id !== ticket.id) : cards;
  return known ? cards.map((c) => (c.id === ticket.id ? ticket : c)) : [ticket, ...cards];
}

/** The card as it looks in its new lane before the server answers: the lane's tag alone, or none. */
export function movedTo(ticket: TicketDto, lane: Lane): TicketDto {
  return { ...ticket, tags: lane.tag ? [lane.tag] : [] };
}

/** Drag-and-drop ids are strings: a lane's droppable id back to its LaneId. */
export function laneIdOf(droppableId: string): LaneId {
  return droppableId === openLaneId ? openLaneId : Number(droppableId);
}
