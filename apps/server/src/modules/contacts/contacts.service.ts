/**
 * Contacts (business-areas §2.3, §3, §5): the only writer of the contacts and
 * contact_custom_fields tables. Numbers are stored as digits and are unique per
 * company (the contacts_company_number_uq index answers ERR_DUPLICATED_CONTACT).
 * Changes are recorded as contact.* events (contacts.subscribers.ts publishes them).
 */
import type { ContactDetail, ContactListResponse, ContactSave } from "@balcao/contracts";
import { contactLimits } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { Db } from "../../db/client.js";
import { contactCustomFields, contacts } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { recordContactTicketsGoing } from "../tickets/ticket-cascades.js";
import { whatsappName } from "../whatsapps/whatsapps.queries.js";
import { presentContact, presentContactDetail } from "./contacts.presenter.js";
import { extraInfoOf, findContact, pageOfContacts, type ContactFilter } from "./contacts.queries.js";

type ContactRow = typeof contacts.$inferSelect;

export async function listContactsPage(
  ctx: Context,
  companyId: number,
  filter: ContactFilter,
  pageNumber: number,
): Promise<ContactListResponse> {
  const { rows, count } = await pageOfContacts(ctx.db, companyId, filter, pageNumber);
  const hasMore = count > (pageNumber - 1) * contactLimits.pageSize + rows.length;
  return { contacts: rows.map(presentContact), count, hasMore };
}

/** Another company's contact answers 404 as if it did not exist. */
async function loadContact(db: Db, companyId: number, id: number): Promise<ContactRow> {
  const contact = await findContact(db, companyId, id);
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  return contact;
}

/** With its extra info and the name of the connection it came from. */
async function detail(db: Db, row: ContactRow): Promise<ContactDetail> {
  const [extraInfo, whatsapp] = await Promise.all([
    extraInfoOf(db, row.id),
    whatsappName(db, row.companyId, row.whatsappId),
  ]);
  return presentContactDetail(row, extraInfo, whatsapp);
}

export async function showContact(ctx: Context, companyId: number, id: number): Promise<ContactDetail> {
  return detail(ctx.db, await loadContact(ctx.db, companyId, id));
}

async function replaceExtraInfo(db: Db, contactId: number, extraInfo: ContactSave["extraInfo"]) {
  if (!extraInfo) return;
  await db.delete(contactCustomFields).where(eq(contactCustomFields.contactId, contactId));
  if (extraInfo.length === 0) return;
  await db.insert(contactCustomFields).values(extraInfo.map(({ name, value }) => ({ contactId, name, value })));
}

/** A contact without a number must be one WhatsApp knows by user id, or nothing could ever reach it. */
function refuseNoNumber(input: ContactSave, userId: string | null) {
  if (!input.number && !userId) throw new AppError("ERR_VALIDATION", { field: "number" });
}

export async function createContact(ctx: Context, companyId: number, input: ContactSave): Promise<ContactDetail> {
  refuseNoNumber(input, null);
  const contact = await ctx.events.transaction(async (e) => {
    const [row] = await e.db
      .insert(contacts)
      .values({ companyId, name: input.name, number: input.number, email: input.email })
      .returning();
    await replaceExtraInfo(e.db, row!.id, input.extraInfo ?? []);
    e.record("contact.created", { companyId, contactId: row!.id });
    return row!;
  });
  return detail(ctx.db, contact);
}

/** Omitting extraInfo keeps the current pairs; sending it replaces the whole set. */
export async function updateContact(
  ctx: Context,
  companyId: number,
  id: number,
  input: ContactSave,
): Promise<ContactDetail> {
  const current = await loadContact(ctx.db, companyId, id);
  refuseNoNumber(input, current.userId);
  const contact = await ctx.events.transaction(async (e) => {
    await replaceExtraInfo(e.db, id, input.extraInfo);
    e.record("contact.updated", { companyId, contactId: id });
    // Last: a number another contact holds (ERR_DUPLICATED_CONTACT) rolls the extra info back with it.
    const [row] = await e.db
      .update(contacts)
      .set({ name: input.name, number: input.number, email: input.email, updatedAt: new Date() })
      .where(and(eq(contacts.id, id), eq(contacts.companyId, companyId)))
      .returning();
    return row!;
  });
  return detail(ctx.db, contact);
}

/**
 * Deleting a contact loses its tickets (business-areas §4): tickets and
 * messages reference contacts ON DELETE CASCADE, as its extra info does; the
 * tickets go out as deleted so open workspaces drop them.
 */
export async function deleteContact(ctx: Context, companyId: number, id: number): Promise<void> {
  await loadContact(ctx.db, companyId, id);
  await ctx.events.transaction(async (e) => {
    e.record("contact.deleted", { companyId, contactId: id });
    await recordContactTicketsGoing(e, companyId, id);
    await e.db.delete(contacts).where(and(eq(contacts.id, id), eq(contacts.companyId, companyId)));
  });
}
