/**
 * Importing a spreadsheet into a contact list (business-areas §2.10, issue 12
 * "Bad input") and the WhatsApp check of every number: the upload answers once
 * the file is stored, the rows arrive through the import job (good ones in,
 * each bad one reported with its row and reason, progress and reload over
 * realtime), and the validity of each item follows through the company's
 * default connection (here the Cloud API, whose driver takes a plausible
 * international number as it is: 8 to 15 digits).
 */
import { contactListLimits, type ChannelPayloads, type ContactListItemDto } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { buildCloudConnection, cloudServerPerFile } from "../../../test/cloud-connection.js";
import { addItem, createList, itemsOf, lastImportOf, uploadSheet, xlsx } from "../../../test/contact-lists.js";
import { buildTenant } from "../../../test/factories.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { connectSocket, flush, nextEvent, record, until } from "../../../test/sockets.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

type ItemEvent = ChannelPayloads["contactListItem"];
type ListEvent = ChannelPayloads["contactList"];

/** The import's last progress event, status done or failed. */
function importEnd(events: ItemEvent[]) {
  return events.find((e) => e.action === "import" && e.progress?.status !== "running")?.progress;
}

async function importing(rows: (string | number | null)[][]) {
  const t = await buildTenant(s);
  await buildCloudConnection(s, fake, t.company.id, { isDefault: true });
  const list = await createList(s, t.agent.token, "Importada");
  const socket = await connectSocket(s, t.agent.token);
  const ofList = record<ItemEvent>(socket, `company-${t.company.id}-ContactListItem-${list.id}`);
  const lists = record<ListEvent>(socket, `company-${t.company.id}-ContactList`);
  const other = await connectSocket(s, (await buildTenant(s)).admin.token);
  // Both arrays fill as events arrive: compared whole at the end.
  const toOther = [
    record<ItemEvent>(other, `company-${t.company.id}-ContactListItem-${list.id}`),
    record<ItemEvent>(other, `company-${t.company.id}-ContactListItem`),
    record<ListEvent>(other, `company-${t.company.id}-ContactList`),
  ];
  const res = await uploadSheet(s, t.agent.token, list.id, await xlsx(rows));
  return { t, list, socket, ofList, lists, res, other, toOther };
}

/** When the list's waiting check job starts, if one waits. */
async function waitingCheck(listId: number): Promise<Date | undefined> {
  const { rows } = await s.ctx.database.raw.query<{ start_after: Date }>(
    `select start_after from pgboss.job where name = 'check-contact-list-numbers' and state = 'created'
     and (data->>'contactListId')::int = $1`,
    [listId],
  );
  return rows[0]?.start_after;
}

/** How many of the list's numbers are checked valid, and how many are not checked yet. */
async function validity(listId: number) {
  const { rows } = await s.ctx.database.raw.query<{ valid: number; unchecked: number }>(
    `select count(*) filter (where is_whatsapp_valid)::int as valid,
            count(*) filter (where is_whatsapp_valid is null)::int as unchecked
     from contact_list_items where contact_list_id = $1`,
    [listId],
  );
  return rows[0]!;
}

describe("contact list import", () => {
  it("imports the good rows, reports each bad one with its row and reason, and reloads the list", async () => {
    const { t, list, ofList, lists, res, other, toOther } = await importing([
      ["Nome", "Número", "E-mail"],
      ["Ana Lima", "+55 (11) 98765-0001", "ana@example.com"],
      ["Bruno", 5511987650002, ""],
      ["", "5511987650003", ""],
      ["Sem número", "", ""],
      ["Curto", "1234", ""],
      ["Email ruim", "5511987650004", "ana@"],
      ["Repetido", "5511987650002", ""],
      [null, null, null],
      ["Carla", "5511987650005", "CARLA@Example.com"],
    ]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ contactListId: list.id, status: "queued" });
    await until(() => importEnd(ofList) !== undefined, 10_000);
    expect(importEnd(ofList)).toEqual({
      contactListId: list.id,
      status: "done",
      total: 8,
      processed: 8,
      imported: 4,
      failed: 4,
      errors: [
        { row: 5, name: "Sem número", number: "", reason: "ERR_VALIDATION", field: "number" },
        { row: 6, name: "Curto", number: "1234", reason: "ERR_VALIDATION", field: "number" },
        { row: 7, name: "Email ruim", number: "5511987650004", reason: "ERR_VALIDATION", field: "email" },
        { row: 8, name: "Repetido", number: "5511987650002", reason: "ERR_DUPLICATED_CONTACT" },
      ],
    });
    const reload = ofList.find((e) => e.action === "reload");
    expect(reload?.records?.map((r) => r.number)).toEqual([
      "5511987650003", // saved under its number: it had no name
      "5511987650001",
      "5511987650002",
      "5511987650005",
    ]);
    const page = await itemsOf(s, t.agent.token, list.id);
    expect(page.contacts.map((c) => [c.name, c.number, c.email])).toEqual([
      ["5511987650003", "5511987650003", ""],
      ["Ana Lima", "5511987650001", "ana@example.com"],
      ["Bruno", "5511987650002", ""],
      ["Carla", "5511987650005", "carla@example.com"],
    ]);
    expect((await s.request({ path: `/contact-lists/${list.id}`, token: t.agent.token })).json()).toMatchObject({
      contactsCount: 4,
    });
    const outcome = { status: "done", error: null, total: 8, imported: 4, failed: 4, finishedAt: expect.any(String) };
    expect(await lastImportOf(s, t.agent.token, list.id)).toEqual(outcome);
    // An open lists page follows the import: running when it starts, then its outcome.
    await until(() => lists.some((e) => e.record?.lastImport?.status === "done"), 5000);
    expect(lists.map((e) => [e.action, e.record?.lastImport?.status])).toEqual([
      ["update", "running"],
      ["update", "done"],
    ]);
    expect(lists.at(-1)?.record).toMatchObject({ contactsCount: 4, lastImport: outcome });
    await flush(s, other);
    expect(toOther, "another company's socket hears nothing of the import").toEqual([[], [], []]);
  });

  it("reports the numbers the list already has as duplicates and keeps one row each", async () => {
    const t = await buildTenant(s);
    const list = await createList(s, t.agent.token);
    await addItem(s, t.agent.token, list.id, { name: "Já estava", number: "5511987650001" });
    const socket = await connectSocket(s, t.agent.token);
    const ofList = record<ItemEvent>(socket, `company-${t.company.id}-ContactListItem-${list.id}`);
    const sheet = await xlsx([
      ["Maria", "5511987650001"],
      ["Pedro", "5511987650009"],
    ]);
    expect((await uploadSheet(s, t.agent.token, list.id, sheet)).status).toBe(200);
    await until(() => importEnd(ofList) !== undefined, 10_000);
    // No header row: the columns are the sample's (name, number, email), and row 1 is data.
    expect(importEnd(ofList)).toMatchObject({
      imported: 1,
      errors: [{ row: 1, name: "Maria", reason: "ERR_DUPLICATED_CONTACT" }],
    });
    expect((await itemsOf(s, t.agent.token, list.id)).contacts.map((c) => c.name)).toEqual(["Já estava", "Pedro"]);
  });

  it("checks every imported number through the default connection and pushes each answer", async () => {
    const { t, list, socket } = await importing([
      ["Nome", "Numero"],
      ["Valid one", "5511987650001"],
      ["Too long for WhatsApp", "5511987650001234567"],
    ]);
    const updates = record<ItemEvent>(socket, `company-${t.company.id}-ContactListItem`);
    const checked = () => updates.filter((e) => e.action === "update" && e.record?.isWhatsappValid !== null);
    await until(() => checked().length === 2, 10_000);
    expect(checked().map((e) => [e.record!.name, e.record!.isWhatsappValid])).toEqual([
      ["Valid one", true],
      ["Too long for WhatsApp", false],
    ]);
    const page = await itemsOf(s, t.agent.token, list.id);
    expect(page.contacts.map((c) => [c.name, c.isWhatsappValid])).toEqual([
      ["Too long for WhatsApp", false],
      ["Valid one", true],
    ]);
  });

  it("checks a Cloud API list's numbers without WhatsApp's pace (the check is local)", async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => [`Cliente ${i}`, `55119${String(i).padStart(8, "0")}`]);
    const { list } = await importing([["Nome", "Numero"], ...rows]);
    const started = Date.now();
    // At checkPaceMs a number (WhatsApp Web's pace) these take 250 s; here each costs a write and an event.
    await until(async () => (await validity(list.id)).valid === 1000, 60_000);
    expect(await validity(list.id)).toEqual({ valid: 1000, unchecked: 0 });
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);

  it("leaves numbers unchecked while the company has no connection, and checks them once one runs", async () => {
    const t = await buildTenant(s);
    const list = await createList(s, t.agent.token);
    const socket = await connectSocket(s, t.agent.token);
    const item = (await addItem(s, t.agent.token, list.id, { number: "5511987650001" })).json<ContactListItemDto>();
    // Not a failure: the list's run looks again in checkWaitForConnectionMs (the run queued by the
    // add, due now, may still be waiting for the worker at first).
    const later = () => Date.now() + contactListLimits.checkWaitForConnectionMs - 60_000;
    await until(async () => ((await waitingCheck(list.id))?.getTime() ?? 0) > later(), 5000);
    expect((await itemsOf(s, t.agent.token, list.id)).contacts[0]!.isWhatsappValid).toBeNull();
    await buildCloudConnection(s, fake, t.company.id, { isDefault: true });
    const second = nextEvent<ItemEvent>(socket, `company-${t.company.id}-ContactListItem`, 10_000);
    await addItem(s, t.agent.token, list.id, { number: "5511987650002" });
    expect(await second).toMatchObject({ action: "create" });
    await until(
      async () => (await itemsOf(s, t.agent.token, list.id)).contacts.every((c) => c.isWhatsappValid),
      10_000,
    );
    expect(item.isWhatsappValid).toBeNull();
  });
});

describe("contact list import: bad files", () => {
  it("refuses an old binary .xls with ERR_XLS_NOT_SUPPORTED before storing anything", async () => {
    const t = await buildTenant(s);
    const list = await createList(s, t.agent.token);
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    const res = await uploadSheet(s, t.agent.token, list.id, ole, "antiga.xls");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "ERR_XLS_NOT_SUPPORTED" });
  });

  it("reads a .xls name that holds an .xlsx (as many systems export)", async () => {
    const t = await buildTenant(s);
    const list = await createList(s, t.agent.token);
    const res = await uploadSheet(s, t.agent.token, list.id, await xlsx([["Ana", "5511987650001"]]), "export.xls");
    expect(res.status).toBe(200);
    await until(async () => (await itemsOf(s, t.agent.token, list.id)).count === 1, 10_000);
  });

  it("refuses other files with ERR_INVALID_FILE, and another company's list with 404", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const list = await createList(s, t.agent.token);
    const sheet = await xlsx([["Ana", "5511987650001"]]);
    const csv = await uploadSheet(s, t.agent.token, list.id, Buffer.from("Nome;Numero\nAna;5511\n"), "c.csv");
    expect(await csv.json()).toEqual({ error: "ERR_INVALID_FILE" });
    const fakeXlsx = await uploadSheet(s, t.agent.token, list.id, Buffer.from("not a zip at all"), "c.xlsx");
    expect(await fakeXlsx.json()).toEqual({ error: "ERR_INVALID_FILE" });
    const foreign = await uploadSheet(s, other.agent.token, list.id, sheet);
    expect(foreign.status).toBe(404);
    await new Promise((r) => setTimeout(r, 300));
    expect((await itemsOf(s, t.agent.token, list.id)).count).toBe(0);
  });

  it("imports an empty sheet as nothing, and refuses a broken .xlsx (no zip directory) at upload", async () => {
    const { t, list, ofList, res } = await importing([]);
    expect(res.status).toBe(200);
    await until(() => importEnd(ofList) !== undefined, 10_000);
    expect(importEnd(ofList)).toMatchObject({ status: "done", total: 0, imported: 0 });
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    const refused = await uploadSheet(s, t.agent.token, list.id, broken);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: "ERR_INVALID_FILE" });
    expect((await itemsOf(s, t.agent.token, list.id)).count).toBe(0);
  });
});
