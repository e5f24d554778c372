/**
 * A contact list spreadsheet within limits (issue 29 item 2): a zip whose
 * parts would inflate past spreadsheetLimits is refused at upload by its
 * directory, with nothing kept and no job queued; one whose parts lie about
 * their size fails in the import job, once, with its reason in the report;
 * and the sheet is read no further than the row cap.
 */
import { readdir } from "node:fs/promises";
import { contactListLimits, spreadsheetLimits, type ChannelPayloads } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { createList, itemsOf, lastImportOf, uploadSheet } from "../../../test/contact-lists.js";
import { buildTenant } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { connectSocket, record, until } from "../../../test/sockets.js";
import { cellBomb, deflatePart, sheetXml, xlsxOf, zip } from "../../../test/zip-bombs.js";

let s: TestServer;
serverPerFile((started) => (s = started));

type ItemEvent = ChannelPayloads["contactListItem"];
const importEnd = (events: ItemEvent[]) =>
  events.find((e) => e.action === "import" && e.progress?.status !== "running")?.progress;

/** The list's import jobs, with their state and retries. */
async function importJobs(listId: number) {
  const { rows } = await s.ctx.database.raw.query<{ state: string; retry_count: number }>(
    `select state, retry_count from pgboss.job where name = 'import-contact-list'
     and (data->>'contactListId')::int = $1`,
    [listId],
  );
  return rows;
}

const filesOf = async (dir: string) => readdir(dir).catch(() => [] as string[]);

async function listWithSocket() {
  const t = await buildTenant(s);
  const list = await createList(s, t.agent.token);
  const socket = await connectSocket(s, t.agent.token);
  const events = record<ItemEvent>(socket, `company-${t.company.id}-ContactListItem-${list.id}`);
  return { t, list, events };
}

describe("contact list spreadsheets past the limits", () => {
  it.each([
    ["one cell that inflates to 500 MB", () => cellBomb(500)],
    ["20 sheets of such a cell (10 MB)", () => cellBomb(500, 20)],
    [
      `more parts than ${spreadsheetLimits.entriesMax}`,
      async () => {
        const part = await deflatePart("xl/styles.xml", ["<styleSheet/>"]);
        const many = Array.from({ length: spreadsheetLimits.entriesMax + 1 }, (_, i) => ({ ...part, name: `x${i}` }));
        return zip(many);
      },
    ],
  ])("refuses %s at upload with ERR_INVALID_FILE, keeping and queueing nothing", async (_, build) => {
    const { t, list } = await listWithSocket();
    const res = await uploadSheet(s, t.agent.token, list.id, await build());
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "ERR_INVALID_FILE" });
    expect(await importJobs(list.id)).toEqual([]);
    expect(await filesOf(s.ctx.media.resolve(String(t.company.id)))).toEqual([]);
    expect(await filesOf(s.ctx.media.incoming)).toEqual([]);
    expect((await itemsOf(s, t.agent.token, list.id)).count).toBe(0);
    expect(await lastImportOf(s, t.agent.token, list.id), "the list shows no import").toBeNull();
  });

  it("fails the import once, with ERR_INVALID_FILE in its report, when a part inflates past its declared size", async () => {
    const { t, list, events } = await listWithSocket();
    // 40 MB of cell declared as 1 KB: the directory passes, the inflated bytes do not.
    const res = await uploadSheet(s, t.agent.token, list.id, await cellBomb(40, 1, 1024));
    expect(res.status).toBe(200);
    await until(() => importEnd(events) !== undefined, 20_000);
    expect(importEnd(events)).toEqual({
      contactListId: list.id,
      status: "failed",
      error: "ERR_INVALID_FILE",
      total: 0,
      processed: 0,
      imported: 0,
      failed: 0,
      errors: [],
    });
    await until(async () => (await importJobs(list.id))[0]?.state === "completed", 5000);
    expect(await importJobs(list.id)).toEqual([{ state: "completed", retry_count: 0 }]);
    expect(await filesOf(s.ctx.media.resolve(String(t.company.id)))).toEqual([]);
    expect((await itemsOf(s, t.agent.token, list.id)).count).toBe(0);
    // Whoever opens the lists later reads why, without the import dialog.
    expect(await lastImportOf(s, t.agent.token, list.id)).toEqual({
      status: "failed",
      error: "ERR_INVALID_FILE",
      total: 0,
      imported: 0,
      failed: 0,
      finishedAt: expect.any(String),
    });
    expect(await lastImportOf(s, t.admin.token, list.id), "another agent of the company reads it too").toMatchObject({
      status: "failed",
    });
  });

  it("reads the sheet no further than the row cap, imports the rows before it and says the rest was left out", async () => {
    const { t, list, events } = await listWithSocket();
    const max = contactListLimits.importMaxRows;
    const row = (n: number) =>
      `<row r="${n}"><c r="A${n}" t="inlineStr"><is><t>Cliente ${n}</t></is></c><c r="B${n}"><v>${5511900000000 + n}</v></c></row>`;
    const rows = Array.from({ length: max + 1 }, (_, i) => row(i + 1));
    // Past the cap: a megabyte more of rows, then XML no reader could parse. Read that far, the file would fail.
    const sheet = sheetXml([...rows, [row(max + 2), 20_000], "<row><c><broken"]);
    const res = await uploadSheet(s, t.agent.token, list.id, await xlsxOf([sheet]));
    expect(res.status).toBe(200);
    await until(() => importEnd(events) !== undefined, 60_000);
    expect(importEnd(events)).toMatchObject({
      status: "done",
      error: "ERR_FILE_TOO_LARGE",
      total: max,
      imported: max,
      failed: 0,
    });
    const page = await itemsOf(s, t.agent.token, list.id, "&searchParam=Cliente%2050000");
    expect(page.contacts.map((c) => [c.name, c.number])).toEqual([["Cliente 50000", "5511900050000"]]);
    expect((await itemsOf(s, t.agent.token, list.id)).count).toBe(max);
    expect(await lastImportOf(s, t.agent.token, list.id)).toMatchObject({
      status: "done",
      error: "ERR_FILE_TOO_LARGE",
      total: max,
      imported: max,
      failed: 0,
    });
  }, 90_000);
});
