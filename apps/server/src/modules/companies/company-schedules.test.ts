/**
 * PUT /companies/{id}/schedules (core-platform §2.18 Schedules tab, §7.3) and
 * the company fields its own users read from GET /companies/listPlan/{id}.
 */
import { defaultWeekdayHours } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, settings } from "../../db/schema/index.js";
import { encryptSecret } from "../../secrets/index.js";
import { ADMIN, startTestServer, type TestServer } from "../../../test/harness.js";
import { buildTenant, login } from "../../../test/factories.js";
import { expectCompanyIsolation } from "../../../test/tenancy.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const week = (startTime = "09:00", endTime = "17:30") =>
  defaultWeekdayHours().map((h) => ({ ...h, startTime, endTime }));
const save = (id: number, token: string, schedules: unknown) =>
  s.request({ method: "PUT", path: `/companies/${id}/schedules`, token, body: { id, schedules } });
const stored = async (id: number) =>
  (await s.ctx.db.select().from(companies).where(eq(companies.id, id)))[0]!.schedules;

describe("PUT /companies/{id}/schedules", () => {
  it("saves the admin's own company hours, Monday to Sunday, and listPlan returns them", async () => {
    const { company, admin, agent } = await buildTenant(s);
    const res = await save(company.id, admin.token, week());
    expect(res.statusCode).toBe(200);
    expect(res.json().schedules).toEqual(week());
    expect(await stored(company.id)).toEqual(week());
    const read = await s.request({ path: `/companies/listPlan/${company.id}`, token: agent.token });
    expect(read.json()).toMatchObject({ id: company.id, schedules: week() });
  });

  it("shows the §9 defaults until saved, and keeps the days a save leaves out", async () => {
    const { company, admin } = await buildTenant(s);
    const before = await s.request({ path: `/companies/listPlan/${company.id}`, token: admin.token });
    expect(before.json().schedules).toEqual(defaultWeekdayHours());
    await save(company.id, admin.token, week());
    const monday = { weekday: "Segunda-feira", weekdayEn: "monday", startTime: "07:00", endTime: "12:00" };
    expect((await save(company.id, admin.token, [monday])).statusCode).toBe(200);
    expect(await stored(company.id)).toEqual([monday, ...week().slice(1)]);
  });

  const bad: [string, unknown][] = [
    ["a time that is not HH:mm", [{ weekdayEn: "monday", startTime: "8:00", endTime: "18:00" }]],
    ["hour 24", [{ weekdayEn: "monday", startTime: "24:00", endTime: "18:00" }]],
    ["an unknown weekday", [{ weekdayEn: "someday", startTime: "08:00", endTime: "18:00" }]],
    ["the same weekday twice", [...week().slice(0, 1), ...week().slice(0, 1)]],
    ["no list", undefined],
  ];
  it.each(bad)("answers 400 ERR_VALIDATION for %s, changing nothing", async (_, schedules) => {
    const { company, admin } = await buildTenant(s);
    await save(company.id, admin.token, week());
    const res = await save(company.id, admin.token, schedules);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_VALIDATION");
    expect(await stored(company.id)).toEqual(week());
  });

  it("refuses an agent with 403 ERR_NO_PERMISSION", async () => {
    const { company, agent } = await buildTenant(s);
    const res = await save(company.id, agent.token, week());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect(await stored(company.id)).toEqual([]);
  });

  it("never changes another company's hours, not even for a super user", async () => {
    const a = await buildTenant(s);
    const b = await buildTenant(s);
    await expectCompanyIsolation(s, {
      request: { method: "PUT", path: `/companies/${a.company.id}/schedules`, body: { schedules: week() } },
      ownerToken: a.admin.token,
      otherToken: b.admin.token,
      secrets: [a.company.name],
    });
    const { token } = await login(s, ADMIN.email, ADMIN.password);
    const bySuper = await save(b.company.id, token, week("10:00", "11:00"));
    expect(bySuper.statusCode).toBe(404);
    expect(bySuper.json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
    expect(await stored(b.company.id)).toEqual([]);
  });
});

describe("GET /companies/listPlan/{companyId}", () => {
  it("is isolated per company: another company's id answers 404 revealing nothing", async () => {
    const a = await buildTenant(s);
    const b = await buildTenant(s);
    await expectCompanyIsolation(s, {
      request: { path: `/companies/listPlan/${a.company.id}` },
      ownerToken: a.agent.token,
      otherToken: b.admin.token,
      secrets: [a.company.name],
    });
  });

  it("gives its own users the subscription page's fields and never the payment token", async () => {
    const { company, agent } = await buildTenant(s);
    await s.ctx.db
      .update(settings)
      .set({ value: encryptSecret("provider-secret") })
      .where(and(eq(settings.companyId, company.id), eq(settings.key, "asaas")));
    const res = await s.request({ path: `/companies/listPlan/${company.id}`, token: agent.token });
    expect(res.json()).toMatchObject({ id: company.id, dueDate: company.dueDate, email: company.email });
    expect(res.json().settings).toContainEqual({ key: "asaas", value: "" });
    expect(res.body).not.toContain("provider-secret");
  });
});
