/** Contacts (business-areas §2.3, §3 Contact, §5 Contact, §7 "Contacts"; core-platform §7.6, §8.1). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { lookupListMax } from "@balcao/contracts";
import { newContact as createContact, postContact } from "../../../test/contact-requests.js";
import { buildContact } from "../../../test/conversations.js";
import { buildTenant, buildUser, login } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { expectCompanyIsolation, expectListIsolation } from "../../../test/tenancy.js";
import { contacts } from "../../db/schema/index.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const post = (token: string, body: unknown) => postContact(s, token, body);
const newContact = (token: string, body: Record<string, unknown> = {}) => createContact(s, token, body);

describe("contacts: create, show, update, delete", () => {
  it("creates a contact with extra info, numbers kept as digits, and shows it with whatsapp null", async () => {
    const t = await buildTenant(s);
    const created = await newContact(t.agent.token, {
      name: " João Souza ",
      number: "+55 (11) 98765-4321",
      email: "Joao@Example.com",
      extraInfo: [
        { name: "CPF", value: "123" },
        { name: "City", value: "São Paulo" },
      ],
    });
    expect(created).toMatchObject({
      name: "João Souza",
      number: "5511987654321",
      email: "joao@example.com",
      extraInfo: [
        { name: "CPF", value: "123" },
        { name: "City", value: "São Paulo" },
      ],
      whatsapp: null,
    });
    const shown = await s.request({ path: `/contacts/${created.id}`, token: t.admin.token });
    expect(shown.json()).toEqual(created);
  });

  it("updates fields and replaces the whole extra info set; omitting extraInfo keeps it", async () => {
    const t = await buildTenant(s);
    const c = await newContact(t.agent.token, {
      extraInfo: [
        { name: "A", value: "1" },
        { name: "B", value: "2" },
      ],
    });
    const put = (body: Record<string, unknown>) =>
      s.request({ method: "PUT", path: `/contacts/${c.id}`, token: t.agent.token, body });
    const res = await put({
      name: "Maria Souza",
      number: c.number,
      email: "m@x.io",
      extraInfo: [{ name: "C", value: "3" }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Maria Souza", email: "m@x.io", extraInfo: [{ name: "C", value: "3" }] });
    const kept = await put({ name: "Maria S.", number: c.number, email: "" });
    expect(kept.json()).toMatchObject({ name: "Maria S.", email: "", extraInfo: [{ name: "C", value: "3" }] });
    const cleared = await put({ name: "Maria S.", number: c.number, extraInfo: [] });
    expect(cleared.json().extraInfo).toEqual([]);
  });

  it("answers ERR_DUPLICATED_CONTACT for a number already in the company, however it is written", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    await newContact(t.agent.token, { number: "5511912345678" });
    const dup = await post(t.admin.token, { name: "Someone", number: "+55 11 91234-5678" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: "ERR_DUPLICATED_CONTACT" });
    const second = await newContact(t.agent.token);
    const taken = await s.request({
      method: "PUT",
      path: `/contacts/${second.id}`,
      token: t.agent.token,
      body: { name: "Second", number: "5511912345678", extraInfo: [{ name: "X", value: "y" }] },
    });
    expect(taken.json()).toEqual({ error: "ERR_DUPLICATED_CONTACT" });
    // The failed update changed nothing, extra info included.
    expect((await s.request({ path: `/contacts/${second.id}`, token: t.agent.token })).json()).toMatchObject({
      number: second.number,
      extraInfo: [],
    });
    // Another company may have the same number.
    await newContact(other.agent.token, { number: "5511912345678" });
  });

  it("lets only a role with contacts-page:deleteContact delete; 404 ERR_NO_CONTACT_FOUND afterwards", async () => {
    const t = await buildTenant(s);
    const supervisor = await buildUser(s, { companyId: t.company.id, profile: "supervisor" });
    const c = await newContact(t.agent.token, { extraInfo: [{ name: "A", value: "1" }] });
    for (const token of [t.agent.token, (await login(s, supervisor.email)).token]) {
      const refused = await s.request({ method: "DELETE", path: `/contacts/${c.id}`, token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    const del = await s.request({ method: "DELETE", path: `/contacts/${c.id}`, token: t.admin.token });
    expect(del.statusCode).toBe(204);
    const gone = await s.request({ path: `/contacts/${c.id}`, token: t.admin.token });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: "ERR_NO_CONTACT_FOUND" });
    const again = await s.request({ method: "DELETE", path: `/contacts/${c.id}`, token: t.admin.token });
    expect(again.json()).toEqual({ error: "ERR_NO_CONTACT_FOUND" });
  });
});

describe("contacts: validation", () => {
  it("refuses bad names, numbers, emails and extra info, and stores nothing", async () => {
    const t = await buildTenant(s);
    const ok = { name: "Good Name", number: "5511999999999", email: "" };
    for (const bad of [
      { name: "A" },
      { name: "" },
      { name: "x".repeat(51) },
      { number: "1234567" },
      { number: "(11) 12-34" },
      { number: "1".repeat(51) },
      { number: "" },
      { email: "not-an-email" },
      { extraInfo: [{ name: "", value: "x" }] },
      { extraInfo: Array.from({ length: 51 }, (_, i) => ({ name: `F${i}`, value: "" })) },
    ]) {
      const res = await post(t.agent.token, { ...ok, ...bad });
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
    }
    const rows = await s.ctx.db.select().from(contacts).where(eq(contacts.companyId, t.company.id));
    expect(rows).toEqual([]);
  });

  it("accepts a number of exactly 8 and 50 digits and no email at all", async () => {
    const t = await buildTenant(s);
    expect((await post(t.agent.token, { name: "Eight", number: "12345678" })).statusCode).toBe(200);
    expect((await post(t.agent.token, { name: "Fifty", number: "9".repeat(50), email: null })).statusCode).toBe(200);
  });
});

describe("contacts: lists", () => {
  it("pages by name (40 a page) with count and hasMore", async () => {
    const t = await buildTenant(s);
    const body = Array.from({ length: 45 }, (_, i) => ({
      Nome: `Person ${String(i).padStart(2, "0")}`,
      Numero: `55110000${String(i).padStart(4, "0")}`,
    }));
    await s.request({ method: "POST", path: "/contacts/upload", token: t.agent.token, body });
    const first = (await s.request({ path: "/contacts?pageNumber=1", token: t.agent.token })).json();
    expect(first).toMatchObject({ count: 45, hasMore: true });
    expect(first.contacts).toHaveLength(40);
    expect(first.contacts[0]).toMatchObject({ name: "Person 00", number: "551100000000" });
    const second = (await s.request({ path: "/contacts?pageNumber=2", token: t.agent.token })).json();
    expect(second).toMatchObject({ count: 45, hasMore: false });
    expect(second.contacts).toHaveLength(5);
  });

  it("searches name, email and number (by its digits), case-insensitively", async () => {
    const t = await buildTenant(s);
    const ana = await newContact(t.agent.token, { name: "Ana Paula", number: "5521900001111", email: "ana@shop.com" });
    const bob = await newContact(t.agent.token, { name: "Roberto", number: "5531900002222", email: "bob@mail.com" });
    const ids = async (q: string) =>
      (await s.request({ path: `/contacts?searchParam=${encodeURIComponent(q)}`, token: t.agent.token }))
        .json()
        .contacts.map((c: { id: number }) => c.id);
    expect(await ids("ana paula")).toEqual([ana.id]);
    expect(await ids("MAIL.COM")).toEqual([bob.id]);
    expect(await ids("(31) 90000")).toEqual([bob.id]);
    expect(await ids("nobody")).toEqual([]);
    expect(await ids("")).toEqual([ana.id, bob.id]);
  });

  it("filters by creation day (date, dateStart, dateEnd) in the company's time zone", async () => {
    const t = await buildTenant(s);
    const old = await newContact(t.agent.token, { name: "Old One" });
    const fresh = await newContact(t.agent.token, { name: "New One" });
    // 2024-03-10 01:30 UTC is still 2024-03-09 in São Paulo (UTC-3).
    await s.ctx.db
      .update(contacts)
      .set({ createdAt: new Date("2024-03-10T01:30:00Z") })
      .where(eq(contacts.id, old.id));
    const ids = async (q: string) =>
      (await s.request({ path: `/contacts?${q}`, token: t.agent.token }))
        .json()
        .contacts.map((c: { id: number }) => c.id);
    expect(await ids("date=2024-03-09")).toEqual([old.id]);
    expect(await ids("date=2024-03-10")).toEqual([]);
    expect(await ids("dateStart=2024-03-01&dateEnd=2024-03-09")).toEqual([old.id]);
    expect(await ids("dateStart=2024-03-10")).toEqual([fresh.id]);
    const bad = await s.request({ path: "/contacts?date=09/03/2024", token: t.agent.token });
    expect(bad.statusCode).toBe(400);
  });

  it("refuses impossible days (30 February, month 13) with 400 on the list and the export", async () => {
    const t = await buildTenant(s);
    for (const path of ["/contacts", "/contacts/export"]) {
      for (const q of ["date=2024-02-30", "dateStart=2023-02-29", "dateEnd=2024-13-01", "dateStart=2024-04-31"]) {
        const res = await s.request({ path: `${path}?${q}`, token: t.agent.token });
        expect(res.statusCode, `${path}?${q}`).toBe(400);
      }
    }
    // A leap day is a real day.
    expect((await s.request({ path: "/contacts?date=2024-02-29", token: t.agent.token })).statusCode).toBe(200);
  });

  it("GET /contacts/list answers [{id, name}] by name, searched by searchParam, at most 50", async () => {
    const t = await buildTenant(s);
    const c = await newContact(t.agent.token, { name: "Listed" });
    const res = await s.request({ path: `/contacts/list?companyId=${t.company.id}`, token: t.agent.token });
    expect(res.json()).toEqual([{ id: c.id, name: "Listed" }]);
    for (let i = 0; i < lookupListMax + 5; i++) await buildContact(s, t.company.id, { name: `Cliente ${i}` });
    const all = await s.request({ path: "/contacts/list", token: t.agent.token });
    expect(all.json()).toHaveLength(lookupListMax);
    const searched = await s.request({ path: "/contacts/list?searchParam=list", token: t.agent.token });
    expect(searched.json()).toEqual([{ id: c.id, name: "Listed" }]);
  });
});

describe("contacts: other companies", () => {
  it("never reveals or changes another company's contact", async () => {
    const a = await buildTenant(s);
    const b = await buildTenant(s);
    const c = await newContact(a.agent.token, { name: "Secret Person", number: "5599900001234" });
    for (const request of [
      { path: `/contacts/${c.id}` },
      { method: "PUT" as const, path: `/contacts/${c.id}`, body: { name: "Secret Person", number: c.number } },
    ]) {
      await expectCompanyIsolation(s, {
        request,
        ownerToken: a.admin.token,
        otherToken: b.admin.token,
        secrets: ["Secret Person"],
      });
    }
    expect((await s.request({ method: "DELETE", path: `/contacts/${c.id}`, token: b.admin.token })).statusCode).toBe(
      404,
    );
    for (const path of ["/contacts", "/contacts/list", "/contacts/export", "/contacts?searchParam=5599900001234"]) {
      await expectListIsolation(s, {
        path,
        ownerToken: a.admin.token,
        otherToken: b.admin.token,
        secrets: ["Secret Person"],
      });
    }
    expect((await s.request({ path: `/contacts/${c.id}`, token: a.admin.token })).json().name).toBe("Secret Person");
  });
});
