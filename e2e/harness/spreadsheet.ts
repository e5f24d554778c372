/** An .xlsx spreadsheet built in memory, as a person saves one for an import (first row the header). */
import ExcelJS from "exceljs";

export async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet("Contatos");
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const xlsxMimeType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
