/**
 * Tickets (core-platform §2.7–2.9, §4.1, §7.5): lists, one ticket, delete.
 * The tickets area is the only writer of the tickets and ticket_tags tables;
 * its writes live in create-ticket.ts, update-ticket.ts and ticket-tags.ts (the tags).
 */
import { type TicketDto, type TicketListQuery, type TicketListResponse } from "@balcao/contracts";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Context } from "../../context.js";
import { messages, tickets } from "../../db/schema/index.js";
import type { AccessClaims } from "../auth/tokens.js";
import { loadTicket } from "./tickets.presenter.js";
import { pageOfTickets } from "./tickets.queries.js";
import { loadViewer, visibleTicketRow } from "./ticket-visibility.js";

export async function listTickets(ctx: Context, who: AccessClaims, q: TicketListQuery): Promise<TicketListResponse> {
  return pageOfTickets(ctx.db, await loadViewer(ctx.db, who), q);
}

export async function showTicket(
  ctx: Context,
  who: AccessClaims,
  where: { id: number } | { uuid: string },
): Promise<TicketDto> {
  const row = await visibleTicketRow(ctx.db, await loadViewer(ctx.db, who), where);
  return (await loadTicket(ctx.db, who.companyId, row.id))!;
}

/** Deleting (ticket-options:deleteTicket) takes its messages, notes and tags along, and their stored files. */
export async function deleteTicket(ctx: Context, who: AccessClaims, id: number): Promise<void> {
  const row = await visibleTicketRow(ctx.db, await loadViewer(ctx.db, who), { id });
  const files = await ctx.db
    .select({ mediaPath: messages.mediaPath })
    .from(messages)
    .where(and(eq(messages.ticketId, id), isNotNull(messages.mediaPath)));
  await ctx.db.delete(tickets).where(and(eq(tickets.id, id), eq(tickets.companyId, who.companyId)));
  await ctx.events.published("ticket.deleted", { companyId: who.companyId, ticketId: id, place: row });
  await Promise.all(
    files.map((f) =>
      ctx.media.remove(f.mediaPath).catch((err: unknown) => ctx.log.warn({ err }, "ticket media not removed")),
    ),
  );
}
