/** The ticket note as the contact drawer reads it (core-platform §3 "Ticket note"): with its author's name. */
import type { TicketNoteDto } from "@balcao/contracts";
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { ticketNotes, users } from "../../db/schema/index.js";

/** The company's notes matching `where`, newest first. */
export async function loadNotes(db: Db, companyId: number, where: SQL | undefined): Promise<TicketNoteDto[]> {
  const rows = await db
    .select({ note: ticketNotes, user: { id: users.id, name: users.name } })
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(and(eq(ticketNotes.companyId, companyId), where))
    .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
  return rows.map(({ note: n, user }) => ({
    id: n.id,
    note: n.note,
    ticketId: n.ticketId,
    contactId: n.contactId,
    userId: n.userId,
    user: user ? { id: user.id, name: user.name } : null,
    createdAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
  }));
}
