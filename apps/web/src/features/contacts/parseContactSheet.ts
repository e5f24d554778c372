/**
 * Reads the first sheet of an .xlsx into rows keyed by the header row, on the
 * client (business-areas §2.3). exceljs is imported here only, lazily, so it
 * stays out of the entry bundle and loads when someone imports a file. A zip
 * whose directory goes past spreadsheetLimits (a bomb: parts that would
 * inflate to gigabytes) is refused before exceljs inflates it in this tab.
 */
import { zipDirectory, type ContactUploadRow } from "@balcao/contracts";
import type * as Excel from "exceljs";

type ExcelModule = typeof Excel;

async function loadExcel(): Promise<ExcelModule> {
  const mod = await import("exceljs");
  // exceljs ships a CommonJS browser build: its exports may arrive as the default export.
  return (mod as ExcelModule & { default?: ExcelModule }).default ?? mod;
}

const readAt = (file: Blob) => async (position: number, length: number) =>
  new Uint8Array(await file.slice(position, position + length).arrayBuffer());

/** Throws for a file that is no .xlsx within the spreadsheet limits, or that exceljs cannot read. */
export async function parseContactSheet(file: Blob): Promise<ContactUploadRow[]> {
  if (!(await zipDirectory(file.size, readAt(file)))) throw new Error("not a spreadsheet within the limits");
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const headers: string[] = [];
  sheet.getRow(1).eachCell((cell, col) => {
    headers[col] = cell.text.trim();
  });
  const rows: ContactUploadRow[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const record: ContactUploadRow = {};
    row.eachCell((cell, col) => {
      const header = headers[col];
      const text = cell.text.trim();
      if (header && text) record[header] = text;
    });
    if (Object.keys(record).length > 0) rows.push(record);
  });
  return rows;
}
