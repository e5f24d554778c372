/**
 * A contact list spreadsheet's rows (business-areas §2.10 import): the first
 * sheet; its first row is the header when it names a column the contacts
 * import knows (Nome/Numero/Email and their aliases, case, accents and spaces
 * ignored), else every row is data in the sample's order (name, number,
 * email). Blank lines are left out; each row keeps its number in the sheet.
 */
import { contactImportField, type ContactImportField } from "@balcao/contracts";
import ExcelJS from "exceljs";
import { AppError } from "../../http/errors.js";

type Field = ContactImportField;

export interface SheetRow {
  /** 1-based, as the spreadsheet program numbers it. */
  row: number;
  name: string;
  number: string;
  email: string;
}

const positional: Record<Field, number> = { name: 1, number: 2, email: 3 };

/** Column numbers of the known fields, when the first row is a header. */
function headerColumns(row: ExcelJS.Row): Record<Field, number> | null {
  const found: Partial<Record<Field, number>> = {};
  row.eachCell((cell, col) => {
    const field = contactImportField(cell.text ?? "");
    if (field && !found[field]) found[field] = col;
  });
  if (!found.number && !found.name) return null;
  return { name: found.name ?? 0, number: found.number ?? 0, email: found.email ?? 0 };
}

const textOf = (row: ExcelJS.Row, col: number) => (col ? (row.getCell(col).text ?? "").trim() : "");

/** Throws ERR_INVALID_FILE for a file exceljs cannot read as a workbook. */
export async function readSheet(file: string): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(file);
  } catch {
    throw new AppError("ERR_INVALID_FILE");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const header = headerColumns(sheet.getRow(1));
  const columns = header ?? positional;
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (header && rowNumber === 1) return;
    const entry = {
      row: rowNumber,
      name: textOf(row, columns.name),
      number: textOf(row, columns.number),
      email: textOf(row, columns.email),
    };
    if (entry.name || entry.number || entry.email) rows.push(entry);
  });
  return rows;
}
