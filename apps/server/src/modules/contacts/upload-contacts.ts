/**
 * POST /contacts/upload: rows of a spreadsheet the import modal parsed on the
 * client, a batch at a time (business-areas §2.3, §7). Each row is saved or
 * reported: a bad row or a number that already exists (in the company or
 * earlier in the batch) goes to the error bag and the others are still saved.
 * A batch is one bulk insert, so 10,000 rows take a few seconds, not minutes.
 */
import {
  contactEmailSchema,
  contactImportField,
  contactLimits,
  contactNameSchema,
  contactNumberSchema,
  type ContactImportField,
  type ContactUploadResult,
  type ContactUploadRow,
} from "@balcao/contracts";
import { sql } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { Db } from "../../db/client.js";
import { contactCustomFields, contacts } from "../../db/schema/index.js";

type Field = ContactImportField;
type ErrorEntry = ContactUploadResult["errorBag"][number];

interface ParsedRow {
  name: string;
  number: string;
  email: string;
  extraInfo: { name: string; value: string }[];
}

const text = (v: ContactUploadRow[string]) => (v === null || v === undefined ? "" : String(v).trim());

/** Splits a row into the known columns (by header alias) and the rest, which become extra info. */
function readRow(row: ContactUploadRow) {
  const known: Partial<Record<Field, string>> = {};
  const extraInfo: ParsedRow["extraInfo"] = [];
  for (const [header, raw] of Object.entries(row)) {
    const value = text(raw);
    const field = contactImportField(header);
    if (field) known[field] ??= value;
    else if (value && header.trim() && extraInfo.length < contactLimits.extraInfoMax) {
      extraInfo.push({
        name: header.trim().slice(0, contactLimits.extraNameMax),
        value: value.slice(0, contactLimits.extraValueMax),
      });
    }
  }
  return { known, extraInfo };
}

function parseRow(row: ContactUploadRow): ParsedRow | ErrorEntry | null {
  const { known, extraInfo } = readRow(row);
  const rawName = known.name ?? "";
  const rawNumber = known.number ?? "";
  if (!rawName && !rawNumber && !known.email && extraInfo.length === 0) return null; // a blank line
  const contactName = rawName || rawNumber;
  const fail = (field: Field): ErrorEntry => ({ contactName, error: { message: "ERR_VALIDATION", field } });
  const number = contactNumberSchema.safeParse(rawNumber);
  if (!number.success) return fail("number");
  // A row without a name is saved under its number, as a contact from the phone would be.
  const name = contactNameSchema.safeParse(rawName || number.data);
  if (!name.success) return fail("name");
  const email = contactEmailSchema.safeParse(known.email ?? "");
  if (!email.success) return fail("email");
  return { name: name.data, number: number.data, email: email.data, extraInfo };
}

/**
 * The rows travel as one JSON parameter expanded by json_to_recordset: a
 * statement with one parameter instead of thousands parses and binds several
 * times faster, and no batch nears the parameter limit.
 */
async function insertNew(db: Db, companyId: number, rows: ParsedRow[]) {
  const json = JSON.stringify(rows.map(({ name, number, email }) => ({ name, number, email })));
  const result = await db.execute(sql`
    insert into ${contacts} (company_id, name, number, email)
    select ${companyId}, r.name, r.number, r.email
    from json_to_recordset(${json}::json) as r(name text, number text, email text)
    on conflict (company_id, number) where number <> '' do nothing
    returning id, number`);
  // node-postgres answers raw statements with { rows }; Db types the result as unknown.
  return (result as { rows: { id: number; number: string }[] }).rows;
}

async function insertExtraInfo(db: Db, fields: { contactId: number; name: string; value: string }[]) {
  await db.execute(sql`
    insert into ${contactCustomFields} (contact_id, name, value)
    select r."contactId", r.name, r.value
    from json_to_recordset(${JSON.stringify(fields)}::json) as r("contactId" int, name text, value text)`);
}

export async function uploadContacts(
  ctx: Context,
  companyId: number,
  rows: ContactUploadRow[],
): Promise<ContactUploadResult> {
  const result: ContactUploadResult = { newContacts: [], errorBag: [] };
  const valid: ParsedRow[] = [];
  for (const row of rows) {
    const parsed = parseRow(row);
    if (parsed === null) continue;
    if ("error" in parsed) result.errorBag.push(parsed);
    else valid.push(parsed);
  }
  if (valid.length === 0) return result;

  await ctx.events.transaction(async (e) => {
    const inserted = await insertNew(e.db, companyId, valid);
    const idByNumber = new Map(inserted.map((r) => [r.number, r.id]));
    const fields: { contactId: number; name: string; value: string }[] = [];
    for (const row of valid) {
      const contactId = idByNumber.get(row.number);
      // The first row with a number took it; any later one, like one already in the company, is a duplicate.
      if (contactId === undefined) {
        result.errorBag.push({ contactName: row.name, error: { message: "ERR_DUPLICATED_CONTACT" } });
        continue;
      }
      idByNumber.delete(row.number);
      result.newContacts.push({ contactId, contactName: row.name });
      for (const pair of row.extraInfo) fields.push({ contactId, ...pair });
    }
    if (fields.length) await insertExtraInfo(e.db, fields);
    // One event per batch: lists refetch rather than receive thousands of upserts.
    if (result.newContacts.length) e.record("contact.imported", { companyId });
  });
  return result;
}
