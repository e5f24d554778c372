/**
 * What a ticket move writes, shared by the agents' actions (update-ticket.ts)
 * and the moves made without an agent (timer-moves.ts), so a ticket closed or
 * queued by a timer is the same ticket as one an agent closed or queued.
 */
import type { tickets } from "../../db/schema/index.js";
import type { TicketPlaceFacts } from "../../events/events.js";

type TicketRow = typeof tickets.$inferSelect;

/** Where the ticket was: its events' `before`. */
export const placeOf = (t: TicketRow): TicketPlaceFacts => ({ status: t.status, queueId: t.queueId, userId: t.userId });

/** Closed for `userId` (the attendant it had, else the closer): no bot, integration or prompt holds it any more. */
export const closedValues = (userId: number | null) => ({
  status: "closed",
  closedAt: new Date(),
  userId,
  useIntegration: false,
  promptId: null,
  integrationId: null,
  chatbot: false,
});
