/**
 * A ticket's business-hours durations (issue 11 item 8 "Beyond"), written on
 * the ticket in the transaction of what ends them (`within` subscribers), so
 * the dashboard averages two columns instead of walking calendars over 90
 * days of tickets. The maths is the dashboard's (dashboard/durations.ts).
 *
 * Both are counted from the ticket's creation: that is when the customer's
 * first message arrived and their wait began. queuedAt would leave out the
 * time the bot's menus held them, and it moves whenever the ticket is queued
 * again, so a returned ticket would look freshly answered.
 */
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { messages, tickets } from "../../db/schema/index.js";
import type { EventBus } from "../../events/bus.js";
import type { DomainEvents } from "../../events/events.js";
import { ticketBusinessMinutes } from "../dashboard/durations.js";

/**
 * First response: the first message an agent sent on the ticket (an agent's
 * message carries its userId; automatic texts, the external API's and the
 * bot's have none). Only the first sets it: the statement keeps a figure
 * already there, also against a concurrent reply.
 */
async function recordFirstResponse(tx: Tx, e: DomainEvents["message.sent"]) {
  // An automatic message (a bot's answer) is no response: nothing to read.
  if (e.byUserId === null) return;
  const [found] = await tx
    .select({
      createdAt: tickets.createdAt,
      queueId: tickets.queueId,
      whatsappId: tickets.whatsappId,
      answeredAt: messages.createdAt,
    })
    .from(tickets)
    .innerJoin(messages, and(eq(messages.id, e.messageId), eq(messages.ticketId, tickets.id)))
    .where(
      and(
        eq(tickets.id, e.ticketId),
        eq(tickets.companyId, e.companyId),
        isNull(tickets.firstResponseBusinessMinutes),
        isNotNull(messages.userId),
      ),
    );
  if (!found) return;
  const minutes = await ticketBusinessMinutes(tx, e.companyId, found, found.createdAt, found.answeredAt);
  await tx
    .update(tickets)
    .set({ firstResponseBusinessMinutes: minutes })
    .where(and(eq(tickets.id, e.ticketId), isNull(tickets.firstResponseBusinessMinutes)));
}

/**
 * Resolution: creation → this close. A reopened ticket closed again is
 * resolved at its last close, as its closedAt (and so the period the
 * dashboard counts it in) is; a reopen clears closedAt, so until then the
 * ticket is in no closed-ticket average and the earlier figure is never read.
 */
async function recordResolution(tx: Tx, e: { companyId: number; ticketId: number }) {
  const [found] = await tx
    .select({
      createdAt: tickets.createdAt,
      closedAt: tickets.closedAt,
      queueId: tickets.queueId,
      whatsappId: tickets.whatsappId,
    })
    .from(tickets)
    .where(and(eq(tickets.id, e.ticketId), eq(tickets.companyId, e.companyId), isNotNull(tickets.closedAt)));
  if (!found?.closedAt) return;
  const minutes = await ticketBusinessMinutes(tx, e.companyId, found, found.createdAt, found.closedAt);
  await tx.update(tickets).set({ resolutionBusinessMinutes: minutes }).where(eq(tickets.id, e.ticketId));
}

export function subscribeTicketDurations(events: EventBus): void {
  events.within("message.sent", recordFirstResponse);
  events.within("ticket.closed", recordResolution);
}
