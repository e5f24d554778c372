/**
 * The import modal's sheet reading (business-areas §2.3) refuses, before
 * exceljs inflates anything in the agent's tab, a zip whose directory goes
 * past spreadsheetLimits (issue 29 item 2); a real sheet is read as before.
 */
import { spreadsheetLimits } from "@balcao/contracts";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { parseContactSheet } from "./parseContactSheet";

/** An .xlsx of these rows, with `images` pictures in its archive (each a part of its own). */
async function sheet(rows: string[][], images = 0): Promise<Blob> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet("Contatos");
  for (const row of rows) worksheet.addRow(row);
  const png =
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
  for (let i = 0; i < images; i++) {
    const imageId = workbook.addImage({ base64: png, extension: "png" });
    worksheet.addImage(imageId, { tl: { col: 5, row: i }, ext: { width: 1, height: 1 } });
  }
  return new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]);
}

describe("parseContactSheet", () => {
  it("reads a real sheet's rows by its header", async () => {
    const rows = await parseContactSheet(
      await sheet([
        ["Nome", "Numero"],
        ["Ana", "5511987650001"],
      ]),
    );
    expect(rows).toEqual([{ Nome: "Ana", Numero: "5511987650001" }]);
  });

  it(`refuses an archive of more than ${spreadsheetLimits.entriesMax} parts before reading it`, async () => {
    const many = await sheet(
      [
        ["Nome", "Numero"],
        ["Ana", "5511987650001"],
      ],
      spreadsheetLimits.entriesMax,
    );
    await expect(parseContactSheet(many)).rejects.toThrow("not a spreadsheet within the limits");
  });
});
