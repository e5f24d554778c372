/** Company management for super users (core-platform §2.18 Companies tab, §5 Company form, §7.3). */
import { randomBytes } from "node:crypto";
import { settingDefaults, settingKeys } from "@balcao/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { companies, settings, users } from "../../db/schema/index.js";
import { ADMIN, startTestServer, type TestServer } from "../../../test/harness.js";
import { buildCompany, buildPlan, buildTenant, buildUser, login } from "../../../test/factories.js";
import { closeAllSockets, connectSocket, flush, nextEvent, record } from "../../../test/sockets.js";

let s: TestServer;
let superToken: string;
let planId: number;
beforeAll(async () => {
  s = await startTestServer();
  superToken = (await login(s, ADMIN.email, ADMIN.password)).token;
  planId = (await buildPlan(s)).id;
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s.close();
});

const uid = () => randomBytes(4).toString("hex");
const form = (overrides: Record<string, unknown> = {}) => ({
  name: `Empresa ${uid()}`,
  email: `billing-${uid()}@example.com`,
  phone: "(11) 3333-4444",
  planId,
  status: true,
  campaignsEnabled: false,
  dueDate: "2030-05-10",
  recurrence: "MENSAL",
  ...overrides,
});
const post = (body: unknown, token = superToken) => s.request({ method: "POST", path: "/companies", token, body });
const put = (id: number, body: unknown, token = superToken) =>
  s.request({ method: "PUT", path: `/companies/${id}`, token, body });
const row = async (id: number) => (await s.ctx.db.select().from(companies).where(eq(companies.id, id)))[0];
const companyCount = async () => (await s.ctx.db.select({ n: sql<number>`count(*)::int` }).from(companies))[0]!.n;
const settingOf = async (companyId: number, key: string) =>
  (
    await s.ctx.db
      .select()
      .from(settings)
      .where(sql`${settings.companyId} = ${companyId} and ${settings.key} = ${key}`)
  )[0]?.value;

describe("POST /companies", () => {
  it("creates the company with every default setting and its campaigns flag, answering the CompanyDto", async () => {
    const body = form({ campaignsEnabled: true });
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({
      name: body.name,
      email: body.email,
      phone: "1133334444",
      planId,
      status: true,
      dueDate: "2030-05-10",
      recurrence: "MENSAL",
      campaignsEnabled: true,
      plan: { id: planId },
    });
    expect(created.schedules).toHaveLength(7);
    const rows = await s.ctx.db.select().from(settings).where(eq(settings.companyId, created.id));
    expect(rows.map((r) => r.key).sort()).toEqual([...settingKeys].sort());
    expect(await settingOf(created.id, "campaignsEnabled")).toBe("true");
    expect(await settingOf(created.id, "timezone")).toBe(settingDefaults.timezone);
    // No password, no user: the super user adds the company's people later.
    expect(await s.ctx.db.select().from(users).where(eq(users.companyId, created.id))).toEqual([]);
  });

  it("accepts a null or empty dueDate and the form's 't' status; defaults recurrence to MENSAL", async () => {
    for (const dueDate of [null, ""]) {
      const res = await post(form({ dueDate, status: "t", recurrence: "" }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ dueDate: null, status: true, recurrence: "MENSAL" });
    }
  });

  it("with a password, also creates the company's admin, who signs in with the company email", async () => {
    const body = form({ password: "secret1" });
    const created = (await post(body)).json();
    const signedIn = await login(s, body.email, "secret1");
    expect(signedIn.body.user).toMatchObject({ companyId: created.id, profile: "admin", super: false });
  });

  it("ignores an id sent in the body", async () => {
    const res = await post(form({ id: 1, createdAt: "2000-01-01T00:00:00Z" }));
    expect(res.statusCode).toBe(200);
    expect(res.json().id).not.toBe(1);
    expect((await row(1))!.name).toBe("Empresa 1");
  });

  it("answers 409 ERR_COMPANY_NAME_ALREADY_EXISTS for a used name in any case, creating nothing", async () => {
    const existing = await buildCompany(s, { name: `Padaria ${uid()}` });
    const before = await companyCount();
    const res = await post(form({ name: existing.name.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "ERR_COMPANY_NAME_ALREADY_EXISTS" });
    expect(await companyCount()).toBe(before);
  });

  it("answers 409 ERR_EMAIL_ALREADY_EXISTS when the new admin's email is taken, creating nothing", async () => {
    const { admin } = await buildTenant(s);
    const before = await companyCount();
    const res = await post(form({ email: admin.email, password: "secret1" }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "ERR_EMAIL_ALREADY_EXISTS" });
    expect(await companyCount()).toBe(before);
  });

  it("answers 404 ERR_PLAN_NOT_FOUND for an unknown plan, creating nothing", async () => {
    const before = await companyCount();
    const res = await post(form({ planId: 999_999 }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "ERR_PLAN_NOT_FOUND" });
    expect(await companyCount()).toBe(before);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["no email", { email: undefined }, "email"],
    ["an empty email", { email: "" }, "email"],
    ["an invalid email", { email: "nope" }, "email"],
    ["no plan", { planId: undefined }, "planId"],
    ["an empty plan", { planId: "" }, "planId"],
    ["a 1-character name", { name: "A" }, "name"],
    ["an invalid dueDate", { dueDate: "2030-02-30" }, "dueDate"],
    ["an unknown recurrence", { recurrence: "DIARIO" }, "recurrence"],
    ["a 4-character password", { password: "1234" }, "password"],
  ];
  it.each(invalid)("answers 400 ERR_VALIDATION for %s, creating nothing", async (_, overrides, field) => {
    const before = await companyCount();
    const res = await post(form(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_VALIDATION");
    expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(field);
    expect(await companyCount()).toBe(before);
  });
});

describe("GET /companies, /companies/list, /companies/{id}", () => {
  it("pages companies by name with count and hasMore, searching name and email in any case", async () => {
    const tag = uid();
    for (const n of [1, 2, 3]) await buildCompany(s, { name: `Zeta ${tag} ${n}`, email: `z${n}@${tag}.example` });
    const res = await s.request({ path: `/companies?searchParam=ZETA ${tag}&pageNumber=1`, token: superToken });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ count: 3, hasMore: false });
    expect(page.companies.map((c: { name: string }) => c.name)).toEqual([1, 2, 3].map((n) => `Zeta ${tag} ${n}`));
    const byEmail = (await s.request({ path: `/companies?searchParam=z2@${tag}`, token: superToken })).json();
    expect(byEmail.companies.map((c: { name: string }) => c.name)).toEqual([`Zeta ${tag} 2`]);
  });

  it("says hasMore while a further page exists", async () => {
    for (let i = 0; i < 21; i++) await buildCompany(s, { name: `Many ${uid()}` });
    const first = (await s.request({ path: "/companies?searchParam=many&pageNumber=1", token: superToken })).json();
    expect(first.companies).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const second = (await s.request({ path: "/companies?searchParam=many&pageNumber=2", token: superToken })).json();
    expect(second.hasMore).toBe(false);
  });

  it("lists every company with its plan and campaigns flag; shows one by id", async () => {
    const created = (await post(form({ campaignsEnabled: true }))).json();
    const list = (await s.request({ path: "/companies/list", token: superToken })).json();
    expect(list.find((c: { id: number }) => c.id === created.id)).toMatchObject({
      campaignsEnabled: true,
      plan: { id: planId },
    });
    const one = await s.request({ path: `/companies/${created.id}`, token: superToken });
    expect(one.json()).toMatchObject({ id: created.id, name: created.name });
    const unknown = await s.request({ path: "/companies/999999", token: superToken });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
  });
});

describe("PUT /companies/{id}", () => {
  it("changes every field; campaignsEnabled goes to the settings row and to that company's sockets only", async () => {
    const target = await buildTenant(s);
    const other = await buildTenant(s);
    const socket = await connectSocket(s, target.agent.token);
    const otherSocket = await connectSocket(s, other.agent.token);
    const leaked = record(otherSocket, `company-${target.company.id}-settings`);
    const event = nextEvent(socket, `company-${target.company.id}-settings`);
    const plan = await buildPlan(s);
    const body = form({ planId: plan.id, status: false, campaignsEnabled: true, recurrence: "ANUAL" });

    const res = await put(target.company.id, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...body, phone: "1133334444", plan: { id: plan.id } });
    expect(await row(target.company.id)).toMatchObject({ status: false, recurrence: "ANUAL", dueDate: "2030-05-10" });
    expect(await settingOf(target.company.id, "campaignsEnabled")).toBe("true");
    expect(await event).toEqual({ action: "update", setting: { key: "campaignsEnabled", value: "true" } });
    await flush(s, otherSocket);
    expect(leaked).toEqual([]);
  });

  it("clears the due date with null, keeps fields left out, and ignores a body id", async () => {
    const company = await buildCompany(s);
    const res = await put(company.id, { dueDate: null, id: 1 });
    expect(res.statusCode).toBe(200);
    expect(await row(company.id)).toMatchObject({ name: company.name, dueDate: null, planId: company.planId });
    expect((await row(1))!.dueDate).toBe("2099-12-31");
  });

  it("refuses a name another company has (any case) with 409, changing nothing", async () => {
    const a = await buildCompany(s);
    const b = await buildCompany(s);
    const res = await put(b.id, form({ name: a.name.toLowerCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "ERR_COMPANY_NAME_ALREADY_EXISTS" });
    expect(await row(b.id)).toMatchObject({ name: b.name, email: b.email, dueDate: b.dueDate });
  });

  it("refuses bad input, an unknown plan and an unknown company, changing nothing", async () => {
    const company = await buildCompany(s);
    for (const [body, status, error] of [
      [{ email: "" }, 400, "ERR_VALIDATION"],
      [{ dueDate: "31/12/2030" }, 400, "ERR_VALIDATION"],
      [{ planId: 999_999, name: "Renamed" }, 404, "ERR_PLAN_NOT_FOUND"],
    ] as const) {
      const res = await put(company.id, body);
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toBe(error);
    }
    expect(await row(company.id)).toMatchObject({ name: company.name, dueDate: company.dueDate });
    const unknown = await put(999_999, form());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
  });

  it("never switches the platform company off", async () => {
    const res = await put(1, { status: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await row(1))!.status).toBe(true);
  });
});

describe("DELETE /companies/{id}", () => {
  it("deletes the company with its users and settings", async () => {
    const { company, admin } = await buildTenant(s);
    const res = await s.request({ method: "DELETE", path: `/companies/${company.id}`, token: superToken });
    expect(res.statusCode).toBe(200);
    expect(await row(company.id)).toBeUndefined();
    expect(await s.ctx.db.select().from(users).where(eq(users.id, admin.id))).toEqual([]);
    expect(await s.ctx.db.select().from(settings).where(eq(settings.companyId, company.id))).toEqual([]);
    const again = await s.request({ method: "DELETE", path: `/companies/${company.id}`, token: superToken });
    expect(again.statusCode).toBe(404);
  });

  it("never deletes the platform company", async () => {
    const res = await s.request({ method: "DELETE", path: "/companies/1", token: superToken });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect(await row(1)).toBeDefined();
  });
});

describe("super-only", () => {
  it("refuses a company admin on every management route with 403 ERR_NO_PERMISSION, changing nothing", async () => {
    const { company, admin } = await buildTenant(s);
    const other = await buildCompany(s);
    const platformAdmin = await buildUser(s, { companyId: 1, profile: "admin" });
    const tokens = [admin.token, (await login(s, platformAdmin.email)).token];
    const before = await companyCount();
    for (const token of tokens) {
      for (const [method, path, body] of [
        ["GET", "/companies", undefined],
        ["GET", "/companies/list", undefined],
        ["GET", `/companies/${company.id}`, undefined],
        ["POST", "/companies", form()],
        // Their own company: a company admin never changes their own due date, plan or status.
        ["PUT", `/companies/${company.id}`, { dueDate: "2099-12-31", status: true, planId }],
        ["PUT", `/companies/${other.id}`, { name: "Hijacked" }],
        ["DELETE", `/companies/${other.id}`, undefined],
      ] as const) {
        const res = await s.request({ method, path, token, body });
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
      }
    }
    expect(await companyCount()).toBe(before);
    expect(await row(company.id)).toMatchObject({ dueDate: company.dueDate, planId: company.planId });
    expect(await row(other.id)).toMatchObject({ name: other.name });
  });
});
