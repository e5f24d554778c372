/**
 * Reads the first sheet of an .xlsx into rows keyed by the header row, on the
 * client (business-areas §2.3). exceljs is imported here only, lazily, so it
 * stays out of the entry bundle and loads when someone imports a file.
 */
import type { ContactUploadRow } from "@balcao/contracts";
import type * as Excel from "exceljs";

type ExcelModule = typeof Excel;

async function loadExcel(): Promise<ExcelModule> {
  const mod = await import("exceljs");
  // exceljs ships a CommonJS browser build: its exports may arrive as the default export.
  return (mod as ExcelModule & { default?: ExcelModule }).default ?? mod;
}

export async function parseContactSheet(file: Blob): Promise<ContactUploadRow[]> {
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
