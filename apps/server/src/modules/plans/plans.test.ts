/** GET /plans/list (public) and GET /companies/listPlan/{companyId} (core-platform §7.3). */
import type { PlanDto } from "@balcao/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer } from "../../../test/harness.js";
import { buildCompany, buildPlan, buildTenant, buildUser, login } from "../../../test/factories.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const planFields: (keyof PlanDto)[] = [
  "id",
  "name",
  "users",
  "connections",
  "queues",
  "storageMb",
  "value",
  "useCampaigns",
  "useSchedules",
  "useInternalChat",
  "useExternalApi",
  "useKanban",
  "useOpenAi",
  "useIntegrations",
];

describe("GET /plans/list", () => {
  it("lists every plan with the PlanDto fields, without a token", async () => {
    const plan = await buildPlan(s, { value: 49.9, users: 3, connections: 2, queues: 4, useKanban: false });
    const res = await s.request({ path: "/plans/list" });
    expect(res.statusCode).toBe(200);
    const list: PlanDto[] = res.json();
    expect(list.map((p) => p.name)).toContain("Plano 1");
    for (const p of list) expect(Object.keys(p).sort()).toEqual([...planFields].sort());
    expect(list.find((p) => p.id === plan.id)).toEqual({
      id: plan.id,
      name: plan.name,
      users: 3,
      connections: 2,
      queues: 4,
      storageMb: 2048,
      value: 49.9,
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
      useKanban: false,
      useOpenAi: true,
      useIntegrations: true,
    });
  });

  it("accepts the client's query parameters", async () => {
    const res = await s.request({ path: "/plans/list?listPublic=false&searchParam=x" });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });
});

describe("GET /companies/listPlan/{companyId}", () => {
  it("answers the user's own company with its plan flags", async () => {
    const plan = await buildPlan(s, { useCampaigns: false, useOpenAi: false });
    const company = await buildCompany(s, { planId: plan.id });
    const user = await buildUser(s, { companyId: company.id });
    const { token } = await login(s, user.email);
    const res = await s.request({ path: `/companies/listPlan/${company.id}`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: company.id,
      plan: {
        id: plan.id,
        useCampaigns: false,
        useOpenAi: false,
        useKanban: true,
        useIntegrations: true,
        useSchedules: true,
        useInternalChat: true,
        useExternalApi: true,
      },
    });
  });

  it("answers 404 ERR_NO_COMPANY_FOUND for another company's id, revealing nothing", async () => {
    const a = await buildTenant(s);
    const b = await buildTenant(s);
    const res = await s.request({ path: `/companies/listPlan/${b.company.id}`, token: a.admin.token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
    expect(res.body).not.toContain(b.company.name);
  });

  it("lets a super user read any company; an unknown id is 404 for them too", async () => {
    const other = await buildTenant(s);
    const { token } = await login(s, ADMIN.email, ADMIN.password);
    const res = await s.request({ path: `/companies/listPlan/${other.company.id}`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: other.company.id, name: other.company.name });
    const unknown = await s.request({ path: "/companies/listPlan/999999", token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
  });

  it("answers 400 ERR_VALIDATION for a non-numeric id and 401 without a token", async () => {
    const { agent, company } = await buildTenant(s);
    const bad = await s.request({ path: "/companies/listPlan/abc", token: agent.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("ERR_VALIDATION");
    expect((await s.request({ path: `/companies/listPlan/${company.id}` })).statusCode).toBe(401);
  });
});
