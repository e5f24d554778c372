/**
 * Contact lists and items over HTTP and Socket.IO (business-areas §2.9, §2.10,
 * §4, §5, §6, §7): CRUD, search, pages, contactsCount, one number per list,
 * bad input, the item delete's permission, and one company never reaching
 * another's lists.
 */
import type { ContactListDto } from "@balcao/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addItem, createList, itemsOf } from "../../../test/contact-lists.js";
import { buildTenant } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { closeAllSockets, connectSocket, flush, nextEvent, record } from "../../../test/sockets.js";
import { expectCompanyIsolation, expectListIsolation } from "../../../test/tenancy.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s.close();
});

const listsPage = (token: string, query = "") => s.request({ path: `/contact-lists${query}`, token });

describe("contact lists: create, show, rename, delete", () => {
  it("creates a list with contactsCount 0, renames it and deletes it with its items", async () => {
    const t = await buildTenant(s);
    const list = await createList(s, t.agent.token, "  Clientes VIP  ");
    expect(list).toMatchObject({ name: "Clientes VIP", contactsCount: 0, companyId: t.company.id });
    const renamed = await s.request({
      method: "PUT",
      path: `/contact-lists/${list.id}`,
      token: t.agent.token,
      body: { name: "Clientes Ouro" },
    });
    expect(renamed.json()).toMatchObject({ id: list.id, name: "Clientes Ouro" });
    const item = (await addItem(s, t.agent.token, list.id, { number: "5511987654321" })).json<{ id: number }>();
    const del = await s.request({ method: "DELETE", path: `/contact-lists/${list.id}`, token: t.agent.token });
    expect(del.statusCode).toBe(204);
    expect((await s.request({ path: `/contact-lists/${list.id}`, token: t.agent.token })).statusCode).toBe(404);
    expect((await s.request({ path: `/contact-list-items/${item.id}`, token: t.agent.token })).statusCode).toBe(404);
  });

  it("counts each list's items in the page, the list and the lookup", async () => {
    const t = await buildTenant(s);
    const list = await createList(s, t.agent.token, "Counted");
    await createList(s, t.agent.token, "Empty one");
    for (const number of ["5511911110001", "5511911110002", "5511911110003"])
      expect((await addItem(s, t.agent.token, list.id, { number })).statusCode).toBe(200);
    const page = listsPage(t.agent.token);
    const { records } = (await page).json<{ records: ContactListDto[] }>();
    expect(records.map((r) => [r.name, r.contactsCount])).toEqual([
      ["Counted", 3],
      ["Empty one", 0],
    ]);
    expect((await s.request({ path: `/contact-lists/${list.id}`, token: t.agent.token })).json()).toMatchObject({
      contactsCount: 3,
    });
    const lookup = await s.request({ path: `/contact-lists/list?companyId=${t.company.id}`, token: t.agent.token });
    expect(lookup.json<ContactListDto[]>().map((r) => r.contactsCount)).toEqual([3, 0]);
  });

  it("searches lists by name, ignoring case, and pages by 20 with hasMore", async () => {
    const t = await buildTenant(s);
    for (let i = 1; i <= 21; i++) await createList(s, t.agent.token, `Lista ${String(i).padStart(2, "0")}`);
    await createList(s, t.agent.token, "Fornecedores");
    const first = (await listsPage(t.agent.token, "?searchParam=lista&pageNumber=1")).json();
    expect(first).toMatchObject({ hasMore: true, count: 21 });
    expect(first.records).toHaveLength(20);
    const second = (await listsPage(t.agent.token, "?searchParam=LISTA&pageNumber=2")).json();
    expect(second).toMatchObject({ hasMore: false });
    expect(second.records.map((r: ContactListDto) => r.name)).toEqual(["Lista 21"]);
  });

  it("refuses a name outside 2 to 50 characters with ERR_VALIDATION and stores nothing", async () => {
    const t = await buildTenant(s);
    for (const name of ["", "a", "x".repeat(51), 42]) {
      const res = await s.request({ method: "POST", path: "/contact-lists", token: t.agent.token, body: { name } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION" });
    }
    expect((await listsPage(t.agent.token)).json()).toMatchObject({ records: [], count: 0 });
  });
});

describe("contact list items", () => {
  it("adds an item with its number as digits, unchecked, and finds it by name, number or email", async () => {
    const t = await buildTenant(s);
    const list = await createList(s, t.agent.token);
    const res = await addItem(s, t.agent.token, list.id, {
      name: "João Souza",
      number: "+55 (11) 98765-4321",
      email: "JOAO@Example.com",
      companyId: 999_999,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: "João Souza",
      number: "5511987654321",
      email: "joao@example.com",
      isWhatsappValid: null,
      companyId: t.company.id,
      contactListId: list.id,
    });
    await addItem(s, t.agent.token, list.id, { name: "Ana Lima", number: "5521900000000" });
    for (const q of ["joão", "98765", "example.com"]) {
      const found = await itemsOf(s, t.agent.token, list.id, `&searchParam=${encodeURIComponent(q)}`);
      expect(
        found.contacts.map((c) => c.name),
        q,
      ).toEqual(["João Souza"]);
    }
    expect((await itemsOf(s, t.agent.token, list.id)).contacts.map((c) => c.name)).toEqual(["Ana Lima", "João Souza"]);
  });

  it("keeps a number once per list (ERR_DUPLICATED_CONTACT), but the same number may be in another list", async () => {
    const t = await buildTenant(s);
    const list = await createList(s, t.agent.token);
    const other = await createList(s, t.agent.token);
    expect((await addItem(s, t.agent.token, list.id, { number: "5511987654321" })).statusCode).toBe(200);
    const again = await addItem(s, t.agent.token, list.id, { name: "Outra", number: "55 11 98765 4321" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "ERR_DUPLICATED_CONTACT" });
    expect((await addItem(s, t.agent.token, other.id, { number: "5511987654321" })).statusCode).toBe(200);
    const second = (await addItem(s, t.agent.token, list.id, { number: "5511900000001" })).json<{ id: number }>();
    const clash = await s.request({
      method: "PUT",
      path: `/contact-list-items/${second.id}`,
      token: t.agent.token,
      body: { name: "Maria", number: "5511987654321", email: "", contactListId: list.id },
    });
    expect(clash.json()).toEqual({ error: "ERR_DUPLICATED_CONTACT" });
    expect((await itemsOf(s, t.agent.token, list.id)).count).toBe(2);
  });

  it("edits an item; a changed number is unchecked again", async () => {
    const t = await buildTenant(s);
    const list = await createList(s, t.agent.token);
    const item = (await addItem(s, t.agent.token, list.id, { number: "5511987654321" })).json<{ id: number }>();
    await s.ctx.db.execute(`update contact_list_items set is_whatsapp_valid = true where id = ${item.id}`);
    const put = (body: Record<string, unknown>) =>
      s.request({
        method: "PUT",
        path: `/contact-list-items/${item.id}`,
        token: t.agent.token,
        body: { name: "Maria", number: "5511987654321", email: "", contactListId: list.id, ...body },
      });
    expect((await put({ name: "Maria Clara" })).json()).toMatchObject({ name: "Maria Clara", isWhatsappValid: true });
    expect((await put({ number: "5511987650000" })).json()).toMatchObject({
      number: "5511987650000",
      isWhatsappValid: null,
    });
  });

  it("refuses bad fields with ERR_VALIDATION and stores nothing", async () => {
    const t = await buildTenant(s);
    const list = await createList(s, t.agent.token);
    for (const bad of [
      { number: "1234567" },
      { number: "1".repeat(51) },
      { number: "5511987654321", name: "A" },
      { number: "5511987654321", name: "x".repeat(51) },
      { number: "5511987654321", email: "not-an-email" },
      { number: "5511987654321", contactListId: "abc" },
      { number: "5511987654321", contactListId: 0 },
    ]) {
      const res = await addItem(s, t.agent.token, list.id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION" });
    }
    const missing = await s.request({ path: "/contact-list-items", token: t.agent.token });
    expect(missing.statusCode).toBe(400);
    expect((await itemsOf(s, t.agent.token, list.id)).count).toBe(0);
  });

  it("deletes an item only with contacts-page:deleteContact (admin), and the count follows", async () => {
    const t = await buildTenant(s);
    const list = await createList(s, t.agent.token);
    const item = (await addItem(s, t.agent.token, list.id, { number: "5511987654321" })).json<{ id: number }>();
    const refused = await s.request({ method: "DELETE", path: `/contact-list-items/${item.id}`, token: t.agent.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await itemsOf(s, t.agent.token, list.id)).count).toBe(1);
    const done = await s.request({ method: "DELETE", path: `/contact-list-items/${item.id}`, token: t.admin.token });
    expect(done.statusCode).toBe(204);
    expect((await s.request({ path: `/contact-lists/${list.id}`, token: t.agent.token })).json()).toMatchObject({
      contactsCount: 0,
    });
  });
});

describe("contact lists: one company never reaches another's", () => {
  it("answers 404 for another company's list and item, and lists only one's own", async () => {
    const a = await buildTenant(s);
    const b = await buildTenant(s);
    const list = await createList(s, a.admin.token, "Secret list A");
    const item = (await addItem(s, a.admin.token, list.id, { name: "Secret Person", number: "5511987654321" })).json<{
      id: number;
    }>();
    const pairs = { ownerToken: a.admin.token, otherToken: b.admin.token };
    for (const request of [
      { path: `/contact-lists/${list.id}` },
      { method: "PUT" as const, path: `/contact-lists/${list.id}`, body: { name: "Secret list A" } },
      { path: `/contact-list-items/${item.id}` },
      { path: `/contact-list-items?contactListId=${list.id}` },
      {
        method: "PUT" as const,
        path: `/contact-list-items/${item.id}`,
        body: { name: "Secret Person", number: "5511987654321", contactListId: list.id },
      },
    ])
      await expectCompanyIsolation(s, { ...pairs, request, secrets: ["Secret"] });
    const intoOther = await addItem(s, b.admin.token, list.id, { number: "5511900000000" });
    expect(intoOther.statusCode).toBe(404);
    for (const path of [`/contact-list-items/${item.id}`, `/contact-lists/${list.id}`]) {
      const res = await s.request({ method: "DELETE", path, token: b.admin.token });
      expect(res.statusCode).toBe(404);
    }
    await expectListIsolation(s, { path: "/contact-lists", ...pairs, secrets: ["Secret list A"] });
    await expectListIsolation(s, { path: "/contact-lists/list", ...pairs, secrets: ["Secret list A"] });
    expect((await itemsOf(s, a.admin.token, list.id)).contacts.map((c) => c.name)).toEqual(["Secret Person"]);
  });

  it("sends list and item events only to the company's sockets", async () => {
    const a = await buildTenant(s);
    const b = await buildTenant(s);
    const own = await connectSocket(s, a.agent.token);
    const other = await connectSocket(s, b.agent.token);
    const seen = record(other, `company-${a.company.id}-ContactList`);
    const created = nextEvent<{ action: string; record: ContactListDto }>(own, `company-${a.company.id}-ContactList`);
    const list = await createList(s, a.agent.token, "Live list");
    expect(await created).toMatchObject({ action: "create", record: { id: list.id, name: "Live list" } });
    const itemEvent = nextEvent<{ action: string; record: { number: string } }>(
      own,
      `company-${a.company.id}-ContactListItem`,
    );
    const item = (await addItem(s, a.agent.token, list.id, { number: "5511987654321" })).json<{ id: number }>();
    expect(await itemEvent).toMatchObject({ action: "create", record: { number: "5511987654321" } });
    const removed = nextEvent(own, `company-${a.company.id}-ContactListItem`);
    await s.request({ method: "DELETE", path: `/contact-list-items/${item.id}`, token: a.admin.token });
    expect(await removed).toEqual({ action: "delete", id: item.id, contactListId: list.id });
    const gone = nextEvent(own, `company-${a.company.id}-ContactList`);
    await s.request({ method: "DELETE", path: `/contact-lists/${list.id}`, token: a.agent.token });
    expect(await gone).toMatchObject({ action: "update" });
    await flush(s, other);
    expect(seen).toEqual([]);
  });
});
