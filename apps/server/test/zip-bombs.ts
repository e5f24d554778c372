/**
 * Spreadsheets built part by part, for the reader's limits (issue 29 item 2):
 * a minimal .xlsx (the parts Excel needs to open it) whose sheets are XML
 * given as pieces and deflated as a stream, so a part that inflates to 500 MB
 * costs the test half a megabyte of memory and nothing on disk. A part may
 * declare a smaller size than it inflates to, as an attacker's zip can.
 */
import { createDeflateRaw, crc32 } from "node:zlib";

export interface ZipPart {
  name: string;
  deflated: Buffer;
  size: number;
  crc: number;
  /** The size the headers declare, when it lies. */
  declaredSize?: number;
}

/** Deflates the pieces (strings, or [text, times] for a text repeated) into one part. */
export async function deflatePart(name: string, pieces: (string | [string, number])[]): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (c: Buffer) => out.push(c));
  const ended = new Promise((resolve, reject) => deflate.on("end", resolve).on("error", reject));
  let size = 0;
  let crc = 0;
  const write = async (chunk: Buffer) => {
    size += chunk.length;
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((r) => deflate.once("drain", r));
  };
  for (const piece of pieces) {
    if (typeof piece === "string") await write(Buffer.from(piece));
    else for (let i = 0, chunk = Buffer.from(piece[0]); i < piece[1]; i++) await write(chunk);
  }
  deflate.end();
  await ended;
  return { name, deflated: Buffer.concat(out), size, crc };
}

function localHeader(part: ZipPart, name: Buffer, size: number) {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(8, 8);
  h.writeUInt32LE(part.crc, 14);
  h.writeUInt32LE(part.deflated.length, 18);
  h.writeUInt32LE(size, 22);
  h.writeUInt16LE(name.length, 26);
  return h;
}

function directoryEntry(part: ZipPart, name: Buffer, size: number, offset: number) {
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(8, 10);
  h.writeUInt32LE(part.crc, 16);
  h.writeUInt32LE(part.deflated.length, 20);
  h.writeUInt32LE(size, 24);
  h.writeUInt16LE(name.length, 28);
  h.writeUInt32LE(offset, 42);
  return h;
}

/** The zip of these parts, as any zip program writes it (deflated, sizes in the headers). */
export function zip(parts: ZipPart[]): Buffer {
  const body: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const size = Math.min(part.declaredSize ?? part.size, 0xfffffffe);
    const local = Buffer.concat([localHeader(part, name, size), name, part.deflated]);
    directory.push(directoryEntry(part, name, size, offset), name);
    body.push(local);
    offset += local.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...body, dir, end]);
}

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** The workbook's own parts, naming sheets 1..count. */
function workbookParts(count: number) {
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  return Promise.all([
    deflatePart("[Content_Types].xml", [
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        ids
          .map(
            (i) =>
              `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join("") +
        `</Types>`,
    ]),
    deflatePart("_rels/.rels", [
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ]),
    deflatePart("xl/workbook.xml", [
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets>` +
        ids.map((i) => `<sheet name="Sheet${i}" sheetId="${i}" r:id="rId${i}"/>`).join("") +
        `</sheets></workbook>`,
    ]),
    deflatePart("xl/_rels/workbook.xml.rels", [
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        ids
          .map((i) => `<Relationship Id="rId${i}" Type="${RELS}/worksheet" Target="worksheets/sheet${i}.xml"/>`)
          .join("") +
        `</Relationships>`,
    ]),
  ]);
}

/** A sheet's XML around its rows (given as pieces). */
export const sheetXml = (rows: (string | [string, number])[]): (string | [string, number])[] => [
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`,
  ...rows,
  `</sheetData></worksheet>`,
];

/** An .xlsx whose sheets are these pieces of sheet XML; `declaredSize` makes every sheet part lie. */
export async function xlsxOf(sheets: (string | [string, number])[][], declaredSize?: number): Promise<Buffer> {
  const parts = await Promise.all(sheets.map((pieces, i) => deflatePart(`xl/worksheets/sheet${i + 1}.xml`, pieces)));
  return zip([...(await workbookParts(sheets.length)), ...parts.map((p) => ({ ...p, declaredSize }))]);
}

const MB = 1024 * 1024;

const bombSheets = new Map<number, Promise<ZipPart>>();

/** A sheet whose one cell has `mb` megabytes, deflated once per test file (seconds of CPU at 500 MB). */
function bombSheet(mb: number): Promise<ZipPart> {
  const cell: [string, number] = ["A".repeat(MB), mb];
  const xml = sheetXml([`<row r="1"><c r="A1" t="inlineStr"><is><t>`, cell, `</t></is></c></row>`]);
  const sheet = bombSheets.get(mb) ?? deflatePart("xl/worksheets/sheet1.xml", xml);
  bombSheets.set(mb, sheet);
  return sheet;
}

/**
 * The bomb: one cell (A1, an inline string) of `mb` megabytes, in
 * `sheets` sheets (the sheet is deflated once and repeated: a 500 MB cell
 * makes about 500 KB).
 */
export async function cellBomb(mb: number, sheets = 1, declaredSize?: number): Promise<Buffer> {
  const sheet = await bombSheet(mb);
  const copies = Array.from({ length: sheets }, (_, i) => ({
    ...sheet,
    name: `xl/worksheets/sheet${i + 1}.xml`,
    declaredSize,
  }));
  return zip([...(await workbookParts(sheets)), ...copies]);
}
