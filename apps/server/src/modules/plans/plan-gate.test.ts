import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccessGuard } from "../../http/access.js";
import { errorHandler } from "../../http/errors.js";
import { buildCompany, buildPlan, buildUser, login } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { settings } from "../../db/schema/index.js";
import { and, eq } from "drizzle-orm";
import { assertPlanAllows, assertPlanLimit } from "./plan-gate.js";

let s: TestServer;
let gated: FastifyInstance;
beforeAll(async () => {
  s = await startTestServer();
  // A route of a gated feature, declared the way area routes declare it, behind the real guard.
  gated = Fastify();
  gated.setErrorHandler(errorHandler);
  registerAccessGuard(gated, s.ctx.sessions, s.ctx.db);
  gated.get("/kanban-thing", { config: { access: "user", plan: "useKanban" } }, async () => ({ ok: true }));
});
afterAll(async () => {
  await gated.close();
  await s.close();
});

async function tenantOnPlan(flags: Parameters<typeof buildPlan>[1]) {
  const plan = await buildPlan(s, flags);
  const company = await buildCompany(s, { planId: plan.id });
  const user = await buildUser(s, { companyId: company.id, profile: "admin" });
  return { company, token: (await login(s, user.email)).token };
}

describe("plan gates", () => {
  it("refuses a feature the plan lacks with ERR_NO_PERMISSION and allows it when the plan has it", async () => {
    const without = await tenantOnPlan({ useKanban: false });
    const res = await gated.inject({ url: "/kanban-thing", headers: { authorization: `Bearer ${without.token}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    const withIt = await tenantOnPlan({ useKanban: true });
    const ok = await gated.inject({ url: "/kanban-thing", headers: { authorization: `Bearer ${withIt.token}` } });
    expect(ok.statusCode).toBe(200);
  });

  it("turns campaigns on by the campaignsEnabled setting even when the plan lacks them", async () => {
    const t = await tenantOnPlan({ useCampaigns: false });
    await expect(assertPlanAllows(s.ctx.db, t.company.id, "useCampaigns")).rejects.toThrow("ERR_NO_PERMISSION");
    await s.ctx.db
      .update(settings)
      .set({ value: "true" })
      .where(and(eq(settings.companyId, t.company.id), eq(settings.key, "campaignsEnabled")));
    await expect(assertPlanAllows(s.ctx.db, t.company.id, "useCampaigns")).resolves.toBeUndefined();
  });

  it("refuses a record beyond the plan's limit with ERR_PLAN_LIMIT_REACHED", async () => {
    const t = await tenantOnPlan({ queues: 2 });
    await expect(assertPlanLimit(s.ctx.db, t.company.id, "queues", 1)).resolves.toBeUndefined();
    await expect(assertPlanLimit(s.ctx.db, t.company.id, "queues", 2)).rejects.toThrow("ERR_PLAN_LIMIT_REACHED");
  });
});
