/**
 * The kanban board (business-areas §2.6, §4 "Tag and kanban", §6, §7 "Tags
 * and kanban"): its lanes are the tags with the kanban flag, after the 'open'
 * lane of tickets without tags; a card moves by changing its ticket's tags.
 */
import { z } from "zod";
import { idSchema } from "./ids.js";
import { ticketListQuerySchema, type TicketDto, type TicketStatus } from "./tickets.js";

/** The 'open' lane's id, which the spec's client also sends as a tag id when a card is dropped on it. */
export const openLaneId = "lane0";

/** The board holds the tickets still being worked on: a closed ticket leaves it. */
export const kanbanStatuses = ["pending", "open"] as const satisfies readonly TicketStatus[];

/** The most recently updated cards a board loads; `hasMore` tells when older ones were left out. */
export const kanbanLimits = { cardsMax: 1000 } as const;

/** GET /ticket/kanban: the workspace's queueIds (a JSON array) and showAll, as the spec's client sends them. */
export const kanbanQuerySchema = ticketListQuerySchema.pick({ queueIds: true, showAll: true }).loose();
export type KanbanQuery = z.infer<typeof kanbanQuerySchema>;

export interface KanbanResponse {
  tickets: TicketDto[];
  /** More cards than kanbanLimits.cardsMax are on the board; the oldest were left out. */
  hasMore: boolean;
}

/** A lane: a kanban tag's id, or the 'open' lane. */
export const laneIdSchema = z.union([z.literal(openLaneId), idSchema]);
export type LaneId = z.infer<typeof laneIdSchema>;

/** PUT /ticket-tags/{ticketId}/{tagId}: 'lane0' attaches nothing. */
export const ticketTagParamsSchema = z.object({ ticketId: idSchema, tagId: laneIdSchema });

/** POST /ticket/kanban/{ticketId}/move: the card's lane, in one step (its tags replaced by the lane's tag). */
export const kanbanMoveSchema = z.object({ tagId: laneIdSchema });
export type KanbanMove = z.infer<typeof kanbanMoveSchema>;
