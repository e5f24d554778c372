/**
 * The kanban board (business-areas §2.6, §4 "Tag and kanban", §6): its cards,
 * and a card's move between lanes, which is a change of the ticket's tags
 * (tickets/ticket-tags.ts writes them; the ticket's realtime follows).
 *
 * - The spec's pair: DELETE /ticket-tags/{ticketId} removes every tag; PUT
 *   /ticket-tags/{ticketId}/{tagId} attaches one of the company's tags, and
 *   'lane0' (a drop on the 'open' lane) attaches nothing.
 * - Ours, what the board calls: POST /ticket/kanban/{ticketId}/move {tagId}
 *   does both in one transaction, so a card never ends without a lane when
 *   the second call of the pair would have failed; its tag must be a lane.
 */
import { openLaneId, type KanbanQuery, type KanbanResponse, type LaneId, type TicketDto } from "@balcao/contracts";
import type { Context } from "../../context.js";
import type { AccessClaims } from "../auth/tokens.js";
import { changeTicketTags } from "../tickets/ticket-tags.js";
import { loadViewer } from "../tickets/ticket-visibility.js";
import { boardTickets } from "./kanban.queries.js";

const laneTags = (lane: LaneId): number[] => (lane === openLaneId ? [] : [lane]);

export async function listBoard(ctx: Context, who: AccessClaims, q: KanbanQuery): Promise<KanbanResponse> {
  return boardTickets(ctx.db, await loadViewer(ctx.db, who), q);
}

export function moveCard(ctx: Context, who: AccessClaims, ticketId: number, lane: LaneId): Promise<TicketDto> {
  return changeTicketTags(ctx, who, ticketId, { add: laneTags(lane), replace: true, lanesOnly: true });
}

export function removeTicketTags(ctx: Context, who: AccessClaims, ticketId: number): Promise<TicketDto> {
  return changeTicketTags(ctx, who, ticketId, { add: [], replace: true });
}

export function attachTicketTag(ctx: Context, who: AccessClaims, ticketId: number, tag: LaneId): Promise<TicketDto> {
  return changeTicketTags(ctx, who, ticketId, { add: laneTags(tag), replace: false });
}
