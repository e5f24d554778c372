/**
 * The conversation an external send goes on: the company's contact for the
 * number (made when new) and its active ticket on the connection (reused, or
 * made pending like one a customer starts: SERVER-BEHAVIOUR "One active ticket
 * per contact and connection"). Both are race-free through the unique indexes
 * (contacts_company_number_uq, tickets_active_contact_uq): an insert that
 * meets a row another request just made does nothing and that row is read.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Context } from "../../context.js";
import { contacts, hasNumber, tickets } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { adoptWhatsappNumber } from "../contacts/check-number.js";
import { activeTicketOf } from "../tickets/tickets.queries.js";

type ContactRow = typeof contacts.$inferSelect;
interface Connection {
  id: number;
  companyId: number;
}

/**
 * The contact known by WhatsApp's form of the number, else by the form sent
 * (which then takes WhatsApp's), else a new one named by its number.
 */
async function contactFor(ctx: Context, connection: Connection, sent: string, known: string): Promise<ContactRow> {
  const { companyId } = connection;
  const found = await ctx.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.number, [known, sent])));
  const exact = found.find((c) => c.number === known);
  if (exact) return exact;
  if (found[0]) return adoptWhatsappNumber(ctx, found[0], known);
  const [made] = await ctx.db
    .insert(contacts)
    .values({ companyId, number: known, name: known, whatsappId: connection.id })
    .onConflictDoNothing({ target: [contacts.companyId, contacts.number], where: hasNumber })
    .returning();
  if (made) {
    await ctx.events.published("contact.created", { companyId, contactId: made.id });
    return made;
  }
  const raced = await ctx.db.query.contacts.findFirst({
    where: and(eq(contacts.companyId, companyId), eq(contacts.number, known)),
  });
  if (!raced) throw new AppError("ERR_NO_CONTACT_FOUND");
  return raced;
}

/** The contact's active ticket on the connection, reused or made pending (a schedule's send uses it too). */
export async function activeTicketFor(
  ctx: Context,
  connection: Connection,
  contact: Pick<ContactRow, "id" | "isGroup">,
): Promise<number> {
  const active = await activeTicketOf(ctx.db, contact.id, connection.id);
  if (active) return active.id;
  const now = new Date();
  const { companyId } = connection;
  const made = await ctx.events.transaction(async (e) => {
    const [row] = await e.db
      .insert(tickets)
      .values({
        companyId,
        contactId: contact.id,
        whatsappId: connection.id,
        status: "pending",
        isGroup: contact.isGroup,
        queuedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: tickets.id });
    if (row) {
      const facts = { companyId, ticketId: row.id, byUserId: null, queueId: null, byMessage: false };
      e.record("ticket.created", { ...facts, status: "pending" });
    }
    return row;
  });
  if (made) return made.id;
  const raced = await activeTicketOf(ctx.db, contact.id, connection.id);
  if (!raced) throw new AppError("ERR_CREATING_TICKET");
  return raced.id;
}

/** The ticket id the message goes on. */
export async function openConversation(
  ctx: Context,
  connection: Connection,
  sent: string,
  known: string,
): Promise<number> {
  const contact = await contactFor(ctx, connection, sent, known);
  return activeTicketFor(ctx, connection, contact);
}
