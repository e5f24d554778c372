/**
 * GET /contacts/export: contatos.csv of ALL contacts matching the page's search
 * (not only the rows the page has loaded), streamed a chunk at a time.
 */
import { Readable } from "node:stream";
import type { Db } from "../../db/client.js";
import { CSV_HEADER, csvLine } from "./contacts.csv.js";
import { contactsInChunks, type ContactFilter } from "./contacts.queries.js";

export const EXPORT_FILENAME = "contatos.csv";

async function* csvText(db: Db, companyId: number, filter: ContactFilter) {
  // A byte-order mark, so spreadsheet programs read the accents of names as UTF-8.
  yield `\uFEFF${csvLine(CSV_HEADER)}`;
  for await (const rows of contactsInChunks(db, companyId, filter)) {
    yield rows.map((r) => csvLine([r.name, r.number, r.email])).join("");
  }
}

export function exportContacts(db: Db, companyId: number, filter: ContactFilter): Readable {
  return Readable.from(csvText(db, companyId, filter));
}
