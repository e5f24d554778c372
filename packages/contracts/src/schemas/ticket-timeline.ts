/**
 * GET /tickets/{ticketId}/timeline (issue 11 item 7): a ticket's history, oldest
 * first, as the contact drawer shows it. Names are those at the time of the
 * event (a user renamed or deleted later still reads as they were).
 */
import { z } from "zod";

export const ticketTimelineTypes = [
  "created",
  "queued",
  "accepted",
  "transferred",
  "closed",
  "reopened",
  "bot",
  "rated",
  "expired",
] as const;
export type TicketTimelineType = (typeof ticketTimelineTypes)[number];

export const ticketTimelineEventSchema = z.object({
  id: z.number().int(),
  /** One of ticketTimelineTypes; later areas may add more, which a client shows by their raw name. */
  type: z.string(),
  /** The agent who did it; null for the customer, the bot or a timer. */
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  /** The ticket's queue after the event. */
  queueId: z.number().int().nullable(),
  queueName: z.string().nullable(),
  /** The agent the ticket went to (an acceptance, a transfer), when there is one. */
  toUserName: z.string().nullable(),
  createdAt: z.string(),
});
export type TicketTimelineEventDto = z.infer<typeof ticketTimelineEventSchema>;

export const ticketTimelineSchema = z.object({ events: z.array(ticketTimelineEventSchema) });
export type TicketTimelineDto = z.infer<typeof ticketTimelineSchema>;
