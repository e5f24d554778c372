/**
 * A contact list spreadsheet's rows (business-areas §2.10 import): the first
 * sheet; its first row is the header when it names a column the contacts
 * import knows (Nome/Numero/Email and their aliases, case, accents and spaces
 * ignored), else every row is data in the sample's order (name, number,
 * email). Blank lines are left out; each row keeps its number in the sheet.
 * The sheet is read as a stream and no further than the row cap (issue 29
 * item 2).
 */
import { contactImportField, type ContactImportField } from "@balcao/contracts";
import { xlsxRows, type XlsxRow } from "../../media/xlsx-rows.js";

type Field = ContactImportField;

export interface SheetRow {
  /** 1-based, as the spreadsheet program numbers it. */
  row: number;
  name: string;
  number: string;
  email: string;
}

export interface Sheet {
  rows: SheetRow[];
  /** The sheet has data rows past the cap, left unread. */
  truncated: boolean;
}

const positional: Record<Field, number> = { name: 1, number: 2, email: 3 };

/** Column numbers of the known fields, when the first row is a header. */
function headerColumns(row: XlsxRow): Record<Field, number> | null {
  const found: Partial<Record<Field, number>> = {};
  for (const [col, text] of [...row.cells].sort(([a], [b]) => a - b)) {
    const field = contactImportField(text);
    if (field && !found[field]) found[field] = col;
  }
  if (!found.number && !found.name) return null;
  return { name: found.name ?? 0, number: found.number ?? 0, email: found.email ?? 0 };
}

const textOf = (row: XlsxRow, col: number) => (col ? (row.cells.get(col) ?? "").trim() : "");

/** Throws ERR_INVALID_FILE for a file that is no readable .xlsx within the spreadsheet limits. */
export async function readSheet(file: string, maxRows: number): Promise<Sheet> {
  const rows: SheetRow[] = [];
  let columns: Record<Field, number> | undefined;
  for await (const row of xlsxRows(file)) {
    if (!columns) {
      const header = row.row === 1 ? headerColumns(row) : null;
      columns = header ?? positional;
      if (header) continue;
    }
    const entry = {
      row: row.row,
      name: textOf(row, columns.name),
      number: textOf(row, columns.number),
      email: textOf(row, columns.email),
    };
    if (!(entry.name || entry.number || entry.email)) continue;
    if (rows.length === maxRows) return { rows, truncated: true };
    rows.push(entry);
  }
  return { rows, truncated: false };
}
