/**
 * The import template at GET /import-contatos.xlsx on the web host (business-areas
 * §2.3, §9): one sheet whose header row is the columns the import reads.
 * Served by the same Fastify that serves the web app, outside /api.
 */
import { contactImportHeaders } from "@balcao/contracts";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";

export const TEMPLATE_PATH = "/import-contatos.xlsx";

export async function buildContactTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Contatos");
  sheet.columns = contactImportHeaders.map((header) => ({ header, width: header === "Nome" ? 32 : 24 }));
  sheet.getRow(1).font = { bold: true };
  // The number column is text, so a spreadsheet program keeps leading zeros and long numbers whole.
  sheet.getColumn(2).numFmt = "@";
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

let cached: Promise<Buffer> | undefined;

export async function contactTemplateRoute(app: FastifyInstance) {
  app.get(TEMPLATE_PATH, { config: { access: "public" }, schema: { hide: true } }, async (_req, reply) => {
    cached ??= buildContactTemplate();
    return reply
      .type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      .header("content-disposition", 'attachment; filename="import-contatos.xlsx"')
      .send(await cached);
  });
}
