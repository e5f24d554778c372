/**
 * Ticket notes (core-platform §2.12, §5 "Ticket note", §7.6): the only writer
 * of ticket_notes. A note belongs to a ticket and its contact; whoever sees
 * the ticket (tickets/ticket-visibility.ts) reads and adds its notes, and a
 * note is deleted by its author or an admin. Another company's note, ticket
 * or contact answers 404 as if it did not exist.
 */
import type { TicketNoteDto, TicketNoteSave } from "@balcao/contracts";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Context } from "../../context.js";
import { ticketNotes, tickets } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { AccessClaims } from "../auth/tokens.js";
import { companyContact } from "../tickets/ticket-rules.js";
import { loadViewer, visibleTicketRow, visibleWhere, type Viewer } from "../tickets/ticket-visibility.js";
import { loadNotes } from "./ticket-notes.presenter.js";

/** The ticket's notes about the contact, or, without a ticket, the contact's notes on every ticket the caller sees. */
export async function listNotes(
  ctx: Context,
  who: AccessClaims,
  q: { ticketId?: number; contactId: number },
): Promise<TicketNoteDto[]> {
  await companyContact(ctx.db, who.companyId, q.contactId);
  const viewer = await loadViewer(ctx.db, who);
  if (q.ticketId !== undefined) await visibleTicketRow(ctx.db, viewer, { id: q.ticketId });
  return loadNotes(
    ctx.db,
    who.companyId,
    and(
      eq(ticketNotes.contactId, q.contactId),
      q.ticketId === undefined ? onVisibleTickets(ctx, viewer) : eq(ticketNotes.ticketId, q.ticketId),
    ),
  );
}

/** Notes on the tickets the viewer sees (tickets/ticket-visibility.ts); no condition for an overseer. */
function onVisibleTickets(ctx: Context, viewer: Viewer): SQL | undefined {
  const scope = visibleWhere(viewer);
  if (!scope) return undefined;
  const visible = ctx.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, viewer.companyId), scope));
  return inArray(ticketNotes.ticketId, visible);
}

export async function createNote(ctx: Context, who: AccessClaims, input: TicketNoteSave): Promise<TicketNoteDto> {
  const ticket = await visibleTicketRow(ctx.db, await loadViewer(ctx.db, who), { id: input.ticketId });
  // The note is about the ticket's contact; any other contact is not this ticket's.
  if (ticket.contactId !== input.contactId) throw new AppError("ERR_VALIDATION", { field: "contactId" });
  const [row] = await ctx.db
    .insert(ticketNotes)
    .values({
      companyId: who.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: who.id,
      note: input.note,
    })
    .returning({ id: ticketNotes.id });
  const [note] = await loadNotes(ctx.db, who.companyId, eq(ticketNotes.id, row!.id));
  return note!;
}

export async function deleteNote(ctx: Context, who: AccessClaims, id: number): Promise<void> {
  const note = await ctx.db.query.ticketNotes.findFirst({
    where: and(eq(ticketNotes.id, id), eq(ticketNotes.companyId, who.companyId)),
  });
  if (!note) throw new AppError("ERR_NOT_FOUND");
  const isAdmin = who.profile === "admin" || who.super;
  if (note.userId !== who.id && !isAdmin) throw new AppError("ERR_NO_PERMISSION");
  await ctx.db.delete(ticketNotes).where(and(eq(ticketNotes.id, id), eq(ticketNotes.companyId, who.companyId)));
}
