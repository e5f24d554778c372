/**
 * The rows of an .xlsx's first sheet, read as a stream (issue 29 item 2): the
 * archive is checked against spreadsheetLimits before anything is inflated
 * (zip-entries.ts), each part is parsed as it inflates, and a reader that
 * stops early (at its row cap) leaves the rest of the sheet unread. Only the
 * shared strings, which any row may name, are held whole. A cell's text is
 * what the spreadsheet program shows for a plain cell: the string, the
 * number's digits, TRUE/FALSE as true/false, an error as #N/A.
 */
import type { Readable } from "node:stream";
import { spreadsheetLimits, type ZipEntry } from "@balcao/contracts";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { AppError } from "../http/errors.js";
import { openEntry, zipEntries } from "./zip-entries.js";

export interface XlsxRow {
  /** 1-based, as the spreadsheet program numbers it. */
  row: number;
  /** Each non-empty cell's text by its 1-based column. */
  cells: Map<number, string>;
}

type Entries = Map<string, ZipEntry>;

const invalid = () => new AppError("ERR_INVALID_FILE");
/** `x:sheet` and `sheet` alike: some programs prefix the spreadsheet namespace. */
const local = (name: string) => name.slice(name.indexOf(":") + 1);
const attribute = (tag: SaxesTagPlain, name: string) =>
  Object.entries(tag.attributes).find(([key]) => local(key) === name)?.[1];

/** Parses one part as it inflates, yielding after each chunk's events (a point to hand rows out). */
async function* parse(stream: Readable, handlers: (parser: SaxesParser) => void): AsyncGenerator<void> {
  const parser = new SaxesParser();
  handlers(parser);
  stream.setEncoding("utf8");
  for await (const chunk of stream as AsyncIterable<string>) {
    parser.write(chunk);
    yield;
  }
  parser.close();
}

async function drain(parts: AsyncGenerator<void>) {
  for await (const _ of parts);
}

async function openPart(file: string, entries: Entries, name: string): Promise<Readable | null> {
  const entry = entries.get(name);
  return entry ? openEntry(file, entry) : null;
}

/** The first sheet's part and the shared strings' part, from the workbook and its relationships. */
async function partsOf(file: string, entries: Entries) {
  let firstSheet: string | undefined;
  const workbook = await openPart(file, entries, "xl/workbook.xml");
  if (!workbook) throw invalid();
  await drain(
    parse(workbook, (p) =>
      p.on("opentag", (tag) => {
        if (local(tag.name) === "sheet") firstSheet ??= attribute(tag, "id");
      }),
    ),
  );
  const targets = new Map<string, string>();
  let sharedStrings = "xl/sharedStrings.xml";
  const rels = await openPart(file, entries, "xl/_rels/workbook.xml.rels");
  if (rels)
    await drain(
      parse(rels, (p) =>
        p.on("opentag", (tag) => {
          const target = attribute(tag, "Target");
          if (local(tag.name) !== "Relationship" || !target) return;
          const part = target.startsWith("/") ? target.slice(1) : `xl/${target}`;
          targets.set(attribute(tag, "Id") ?? "", part);
          if (attribute(tag, "Type")?.endsWith("/sharedStrings")) sharedStrings = part;
        }),
      ),
    );
  const sheet = (firstSheet && targets.get(firstSheet)) ?? "xl/worksheets/sheet1.xml";
  return { sheet, sharedStrings };
}

/** Each shared string's text (its runs joined; phonetic guides left out). */
async function readSharedStrings(file: string, entries: Entries, name: string): Promise<string[]> {
  const strings: string[] = [];
  const part = await openPart(file, entries, name);
  if (!part) return strings;
  let text = "";
  let phonetic = 0;
  let inText = false;
  await drain(
    parse(part, (p) => {
      p.on("opentag", (tag) => {
        const tagName = local(tag.name);
        if (tagName === "si") text = "";
        else if (tagName === "rPh") phonetic++;
        else if (tagName === "t") inText = phonetic === 0;
      });
      p.on("text", (value) => {
        if (inText) text += value;
      });
      p.on("closetag", (tag) => {
        const tagName = local(tag.name);
        if (tagName === "si") strings.push(text);
        else if (tagName === "rPh") phonetic--;
        else if (tagName === "t") inText = false;
      });
    }),
  );
  return strings;
}

/** "AB12" → 28. */
function columnOf(reference: string | undefined): number | undefined {
  const letters = /^[A-Z]+/i.exec(reference ?? "")?.[0];
  if (!letters) return undefined;
  return [...letters.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);
}

function cellText(type: string | undefined, value: string, strings: string[]): string {
  switch (type) {
    case "s":
      return strings[Number(value)] ?? "";
    case "b":
      return value === "1" ? "true" : "false";
    case "inlineStr":
    case "str":
    case "e":
    case "d":
      return value;
    default: {
      const number = Number(value);
      return value.trim() && Number.isFinite(number) ? String(number) : value;
    }
  }
}

/** The sheet's rows in order, handed out as each chunk of the part is parsed. */
async function* readRows(stream: Readable, strings: string[]): AsyncGenerator<XlsxRow> {
  let ready: XlsxRow[] = [];
  let row: XlsxRow = { row: 0, cells: new Map() };
  let cell = { column: 0, type: undefined as string | undefined, value: "" };
  let inValue = false;
  const parts = parse(stream, (p) => {
    p.on("opentag", (tag) => {
      const name = local(tag.name);
      if (name === "row") row = { row: Number(attribute(tag, "r")) || row.row + 1, cells: new Map() };
      else if (name === "c")
        cell = { column: columnOf(attribute(tag, "r")) ?? cell.column + 1, type: attribute(tag, "t"), value: "" };
      else if (name === "v" || name === "t") inValue = true;
    });
    p.on("text", (value) => {
      if (inValue) cell.value += value;
    });
    p.on("closetag", (tag) => {
      const name = local(tag.name);
      if (name === "v" || name === "t") inValue = false;
      else if (name === "c") {
        const text = cellText(cell.type, cell.value, strings);
        if (text) row.cells.set(cell.column, text);
      } else if (name === "row") ready.push(row);
    });
  });
  for await (const _ of parts) {
    yield* ready;
    ready = [];
  }
  yield* ready;
}

/** The archive within spreadsheetLimits, by its directory (ERR_INVALID_FILE otherwise); nothing is inflated. */
export const checkSpreadsheet = (file: string) => zipEntries(file, spreadsheetLimits);

/**
 * The first sheet's rows, as a stream; ERR_INVALID_FILE for a file that is no
 * readable .xlsx or that passes spreadsheetLimits (declared or inflated).
 */
export async function* xlsxRows(file: string): AsyncGenerator<XlsxRow> {
  try {
    const entries = await checkSpreadsheet(file);
    const { sheet, sharedStrings } = await partsOf(file, entries);
    const strings = await readSharedStrings(file, entries, sharedStrings);
    const part = await openPart(file, entries, sheet);
    if (part) yield* readRows(part, strings);
  } catch (err) {
    // The archive's refusals and the XML parser's errors alike: the file is not a sheet we can read.
    if (err instanceof AppError) throw err;
    throw invalid();
  }
}
