/**
 * POST /contacts/import (business-areas §2.3, §7): the address book of the
 * phone linked to the company's default connection becomes contacts. A
 * number the company already has keeps its contact as it is (names typed by
 * agents are not overwritten); a number that is no phone number (too short or
 * long) is skipped. The spec's client only reloads the page, so the answer is
 * a count of what happened.
 */
import { contactDigits, contactNameSchema, contactNumberSchema, type PhoneImportResult } from "@balcao/contracts";
import { and, desc, eq } from "drizzle-orm";
import type { PhoneContact } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import { contacts, hasNumber, whatsapps } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";

/** Rows per insert: far below PostgreSQL's parameter limit. */
const CHUNK = 1000;

async function defaultConnection(ctx: Context, companyId: number) {
  const row = await ctx.db.query.whatsapps.findFirst({
    where: and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)),
    orderBy: desc(whatsapps.id),
    columns: { id: true },
  });
  if (!row) throw new AppError("ERR_NO_DEF_WAPP_FOUND");
  return row;
}

/** An entry as a contact row, or null when its number is unusable; a nameless one is named by its number. */
function toContact(entry: PhoneContact) {
  const number = contactNumberSchema.safeParse(contactDigits(entry.number));
  if (!number.success) return null;
  const name = contactNameSchema.safeParse(entry.name);
  return { number: number.data, name: name.success ? name.data : number.data };
}

export async function importPhoneContacts(ctx: Context, companyId: number): Promise<PhoneImportResult> {
  const connection = await defaultConnection(ctx, companyId);
  const entries = await ctx.channels.driverFor(connection.id).phoneContacts();
  const rows = entries.map(toContact);
  const valid = rows.filter((r) => r !== null);
  const imported = await ctx.events.transaction(async (e) => {
    let count = 0;
    for (let i = 0; i < valid.length; i += CHUNK) {
      const values = valid
        .slice(i, i + CHUNK)
        .map((r) => ({ companyId, whatsappId: connection.id, number: r.number, name: r.name }));
      // A number already in the company (or twice in the book) inserts nothing: existing contacts stay untouched.
      const inserted = await e.db
        .insert(contacts)
        .values(values)
        .onConflictDoNothing({ target: [contacts.companyId, contacts.number], where: hasNumber })
        .returning({ id: contacts.id });
      count += inserted.length;
    }
    // One event for the whole book, as the spreadsheet import does.
    if (count > 0) e.record("contact.imported", { companyId });
    return count;
  });
  return { imported, existing: valid.length - imported, invalid: rows.length - valid.length };
}
