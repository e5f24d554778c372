/** POST /companies/cadastro: the public sign-up (core-platform §5 Sign-up, §7.3, §9). */
import { randomBytes } from "node:crypto";
import { settingDefaults, settingKeys } from "@balcao/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, settings, users } from "../../db/schema/index.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { buildCompany, buildPlan, buildUser } from "../../../test/factories.js";

let s: TestServer;
let planId: number;
beforeAll(async () => {
  s = await startTestServer();
  planId = (await buildPlan(s)).id;
});
afterAll(async () => {
  await s.close();
});

const uid = () => randomBytes(4).toString("hex");
const form = (overrides: Record<string, unknown> = {}) => ({
  name: `Loja ${uid()}`,
  email: `owner-${uid()}@example.com`,
  phone: "(11) 98765-4321",
  password: "12345",
  planId,
  // What the spec's client sends besides (core-platform §7.3).
  recurrence: "MENSAL",
  dueDate: "2099-12-31",
  status: "t",
  campaignsEnabled: true,
  ...overrides,
});
const signUp = (body: unknown) => s.request({ method: "POST", path: "/companies/cadastro", body });

async function counts() {
  const [c] = await s.ctx.db.select({ n: sql<number>`count(*)::int` }).from(companies);
  const [u] = await s.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return { companies: c!.n, users: u!.n };
}

/** Today + days as YYYY-MM-DD in UTC, computed independently of the server's helpers. */
function utcDatePlus(days: number) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
}

describe("POST /companies/cadastro", () => {
  it("creates a 3-day MENSAL trial company with campaigns on, every setting and an admin who signs in", async () => {
    const body = form();
    const res = await signUp(body);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ name: body.name, planId, dueDate: utcDatePlus(3) });

    const [company] = await s.ctx.db.select().from(companies).where(eq(companies.id, created.id));
    expect(company).toMatchObject({ name: body.name, email: body.email, phone: "11987654321", planId, status: true });
    expect(company!.recurrence).toBe("MENSAL");
    expect(company!.dueDate).toBe(utcDatePlus(3));

    const rows = await s.ctx.db.select().from(settings).where(eq(settings.companyId, created.id));
    const values = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    expect(Object.keys(values).sort()).toEqual([...settingKeys].sort());
    for (const key of settingKeys) {
      expect(values[key], key).toBe(key === "campaignsEnabled" ? "true" : settingDefaults[key]);
    }

    const login = await s.request({
      method: "POST",
      path: "/auth/login",
      body: { email: body.email, password: "12345" },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ companyId: created.id, profile: "admin", super: false });
    expect(login.json().user.company.settings).toContainEqual({ key: "campaignsEnabled", value: "true" });
  });

  it("ignores dueDate, status, companyId, profile, super and recurrence sent in the body", async () => {
    const body = form({
      dueDate: "2099-12-31",
      status: false,
      companyId: 1,
      profile: "user",
      super: true,
      recurrence: "ANUAL",
      campaignsEnabled: false,
    });
    const res = await signUp(body);
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    expect(id).not.toBe(1);

    const [company] = await s.ctx.db.select().from(companies).where(eq(companies.id, id));
    expect(company).toMatchObject({ status: true, recurrence: "MENSAL", dueDate: utcDatePlus(3) });
    const [user] = await s.ctx.db.select().from(users).where(eq(users.email, body.email));
    expect(user).toMatchObject({ companyId: id, profile: "admin", super: false });
    const [flag] = await s.ctx.db
      .select()
      .from(settings)
      .where(sql`${settings.companyId} = ${id} and ${settings.key} = 'campaignsEnabled'`);
    expect(flag!.value).toBe("true");
  });

  it("answers 404 ERR_PLAN_NOT_FOUND for an unknown plan and creates nothing", async () => {
    const before = await counts();
    const res = await signUp(form({ planId: 999_999 }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "ERR_PLAN_NOT_FOUND" });
    expect(await counts()).toEqual(before);
  });

  it("answers 409 ERR_EMAIL_ALREADY_EXISTS for a used email (any case) and creates nothing", async () => {
    const existing = await buildCompany(s);
    const user = await buildUser(s, { companyId: existing.id });
    const before = await counts();
    const res = await signUp(form({ email: user.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "ERR_EMAIL_ALREADY_EXISTS" });
    expect(await counts()).toEqual(before);
  });

  it("answers 409 ERR_COMPANY_NAME_ALREADY_EXISTS for a used name (any case) and rolls everything back", async () => {
    const existing = await buildCompany(s, { name: `Padaria ${uid()}` });
    const before = await counts();
    const body = form({ name: existing.name.toUpperCase() });
    const res = await signUp(body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "ERR_COMPANY_NAME_ALREADY_EXISTS" });
    expect(await counts()).toEqual(before);
    expect(await s.ctx.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    // The email is still free: a corrected sign-up goes through.
    expect((await signUp({ ...body, name: `Padaria ${uid()}` })).statusCode).toBe(201);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["a 1-character name", { name: "A" }, "name"],
    ["a 51-character name", { name: "N".repeat(51) }, "name"],
    ["a 4-character password", { password: "1234" }, "password"],
    ["a 51-character password", { password: "p".repeat(51) }, "password"],
    ["an invalid email", { email: "not-an-email" }, "email"],
    ["a 12-digit phone", { phone: "(11) 987654-32101" }, "phone"],
    ["no plan", { planId: undefined }, "planId"],
  ];
  it.each(invalid)("answers 400 ERR_VALIDATION for %s and creates nothing", async (_, overrides, field) => {
    const before = await counts();
    const res = await signUp(form(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_VALIDATION");
    expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(field);
    expect(await counts()).toEqual(before);
  });

  it("accepts the bounds: 2- and 50-character names, 5- and 50-character passwords, 11-digit phone", async () => {
    for (const overrides of [
      { name: `N${uid().slice(0, 1)}`, password: "p".repeat(50) },
      { name: `${uid()}${"n".repeat(42)}`, password: "12345", phone: "11987654321" },
    ]) {
      const res = await signUp(form(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(201);
    }
  });
});
