/**
 * Writes public/planilha.xlsx, the contact lists' sample spreadsheet
 * (business-areas §2.9, §9): the header row the import reads (Nome, Numero,
 * Email) and two example rows. Run again only to change the sample:
 * `node apps/web/scripts/make-sample-sheet.mjs`; the file is committed.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import ExcelJS from "exceljs";

const target = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "public", "planilha.xlsx");
const workbook = new ExcelJS.Workbook();
const sheet = workbook.addWorksheet("Contatos");
sheet.columns = [
  { header: "Nome", width: 32 },
  { header: "Numero", width: 24 },
  { header: "Email", width: 32 },
];
sheet.getRow(1).font = { bold: true };
// The number column is text, so a spreadsheet program keeps long numbers whole.
sheet.getColumn(2).numFmt = "@";
sheet.addRow(["Maria Silva", "5511987654321", "maria@example.com"]);
sheet.addRow(["João Souza", "5521998765432", ""]);
await workbook.xlsx.writeFile(target);
