/** Plan management for super users: GET /plans/all, GET /plans/{id}, POST, PUT, DELETE (core-platform §2.18, §7.3). */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plans } from "../../db/schema/index.js";
import { ADMIN, startTestServer, type TestServer } from "../../../test/harness.js";
import { buildCompany, buildPlan, buildTenant, login } from "../../../test/factories.js";

let s: TestServer;
let superToken: string;
beforeAll(async () => {
  s = await startTestServer();
  superToken = (await login(s, ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await s.close();
});

const uid = () => randomBytes(4).toString("hex");
const form = (overrides: Record<string, unknown> = {}) => ({
  name: `Plano ${uid()}`,
  users: "5",
  connections: 2,
  queues: 3,
  value: "79.9",
  ...overrides,
});
const call = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown, token = superToken) =>
  s.request({ method, path, token, body });
const planRow = async (id: number) => (await s.ctx.db.select().from(plans).where(eq(plans.id, id)))[0];
const planCount = async () => (await s.ctx.db.select({ n: sql<number>`count(*)::int` }).from(plans))[0]!.n;

describe("POST /plans", () => {
  it("creates a plan with its limits and value; every feature flag defaults to true", async () => {
    const res = await call("POST", "/plans", form({ useKanban: false }));
    expect(res.statusCode).toBe(200);
    const plan = res.json();
    expect(plan).toMatchObject({
      users: 5,
      connections: 2,
      queues: 3,
      value: 79.9,
      useKanban: false,
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
      useOpenAi: true,
      useIntegrations: true,
    });
    expect(await planRow(plan.id)).toMatchObject({ users: 5, value: 79.9, useKanban: false });
  });

  it("answers 409 ERR_PLAN_NAME_ALREADY_EXISTS for a used name in any case, creating nothing", async () => {
    const existing = await buildPlan(s);
    const before = await planCount();
    const res = await call("POST", "/plans", form({ name: existing.name.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "ERR_PLAN_NAME_ALREADY_EXISTS" });
    expect(await planCount()).toBe(before);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["a 1-character name", { name: "P" }, "name"],
    ["a negative user limit", { users: -1 }, "users"],
    ["a fractional connection limit", { connections: 1.5 }, "connections"],
    ["an empty queue limit", { queues: "" }, "queues"],
    ["a value that is not a number", { value: "abc" }, "value"],
    ["a negative value", { value: -10 }, "value"],
    ["a flag that is not a boolean", { useKanban: "maybe" }, "useKanban"],
  ];
  it.each(invalid)("answers 400 ERR_VALIDATION for %s, creating nothing", async (_, overrides, field) => {
    const before = await planCount();
    const res = await call("POST", "/plans", form(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_VALIDATION");
    expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(field);
    expect(await planCount()).toBe(before);
  });
});

describe("GET /plans/all and /plans/{id}", () => {
  it("lists every plan by value and shows one; an unknown id is 404 ERR_PLAN_NOT_FOUND", async () => {
    const plan = await buildPlan(s, { value: 12.5 });
    const all = await call("GET", "/plans/all?listPublic=false");
    expect(all.statusCode).toBe(200);
    const values = all.json().map((p: { value: number }) => p.value);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(all.json().map((p: { id: number }) => p.id)).toContain(plan.id);
    expect((await call("GET", `/plans/${plan.id}`)).json()).toMatchObject({ id: plan.id, value: 12.5 });
    const unknown = await call("GET", "/plans/999999");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "ERR_PLAN_NOT_FOUND" });
  });
});

describe("PUT /plans/{id}", () => {
  it("changes what it is sent and keeps the rest; a body id is ignored", async () => {
    const plan = await buildPlan(s, { useOpenAi: false });
    const res = await call("PUT", `/plans/${plan.id}`, { id: 1, users: 50, value: 199, useKanban: false });
    expect(res.statusCode).toBe(200);
    expect(await planRow(plan.id)).toMatchObject({
      name: plan.name,
      users: 50,
      value: 199,
      useKanban: false,
      useOpenAi: false,
      connections: plan.connections,
    });
    expect((await planRow(1))!.name).toBe("Plano 1");
  });

  it("refuses a name another plan has, bad input and an unknown plan, changing nothing", async () => {
    const a = await buildPlan(s);
    const b = await buildPlan(s);
    const taken = await call("PUT", `/plans/${b.id}`, { name: a.name.toLowerCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: "ERR_PLAN_NAME_ALREADY_EXISTS" });
    const bad = await call("PUT", `/plans/${b.id}`, { users: -5, name: "Renamed plan" });
    expect(bad.statusCode).toBe(400);
    expect(await planRow(b.id)).toMatchObject({ name: b.name, users: b.users });
    // Its own name in another case is not a clash.
    expect((await call("PUT", `/plans/${b.id}`, { name: b.name.toUpperCase() })).statusCode).toBe(200);
    const unknown = await call("PUT", "/plans/999999", form());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "ERR_PLAN_NOT_FOUND" });
  });
});

describe("the plan's storage (issue 29 item 9)", () => {
  it("is 2048 MB unless sent, is set and changed in megabytes, and refuses what is not a whole number in range", async () => {
    const created = await call("POST", "/plans", form());
    expect(created.json()).toMatchObject({ storageMb: 2048 });
    const sized = await call("POST", "/plans", form({ storageMb: "500" }));
    expect(sized.json()).toMatchObject({ storageMb: 500 });
    const id = sized.json<{ id: number }>().id;
    const changed = await call("PUT", `/plans/${id}`, { storageMb: 10240 });
    expect(changed.json()).toMatchObject({ storageMb: 10240, users: 5 });
    expect((await call("GET", `/plans/${id}`)).json()).toMatchObject({ storageMb: 10240 });
    for (const storageMb of [-1, 1.5, "muito", 2_000_000]) {
      const bad = await call("PUT", `/plans/${id}`, { storageMb });
      expect(bad.statusCode, String(storageMb)).toBe(400);
      expect(bad.json().error).toBe("ERR_VALIDATION");
    }
    expect(await planRow(id)).toMatchObject({ storageMb: 10240 });
  });
});

describe("DELETE /plans/{id}", () => {
  it("deletes a plan no company is on", async () => {
    const plan = await buildPlan(s);
    const res = await call("DELETE", `/plans/${plan.id}`);
    expect(res.statusCode).toBe(200);
    expect(await planRow(plan.id)).toBeUndefined();
    expect((await call("DELETE", `/plans/${plan.id}`)).statusCode).toBe(404);
  });

  it("refuses a plan in use with 409 ERR_PLAN_IN_USE, naming how many companies are on it", async () => {
    const plan = await buildPlan(s);
    await buildCompany(s, { planId: plan.id });
    await buildCompany(s, { planId: plan.id });
    const res = await call("DELETE", `/plans/${plan.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "ERR_PLAN_IN_USE", details: { companies: 2 } });
    expect(await planRow(plan.id)).toBeDefined();
  });
});

describe("super-only", () => {
  it("refuses a company admin on every management route with 403 ERR_NO_PERMISSION, changing nothing", async () => {
    const { admin } = await buildTenant(s);
    const plan = await buildPlan(s);
    const before = await planCount();
    for (const [method, path, body] of [
      ["GET", "/plans/all", undefined],
      ["GET", `/plans/${plan.id}`, undefined],
      ["POST", "/plans", form()],
      ["PUT", `/plans/${plan.id}`, { users: 9999 }],
      ["DELETE", `/plans/${plan.id}`, undefined],
    ] as const) {
      const res = await call(method, path, body, admin.token);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    expect(await planCount()).toBe(before);
    expect(await planRow(plan.id)).toMatchObject({ users: plan.users });
  });
});
