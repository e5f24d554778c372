/**
 * The plan-feature map (contracts' planFeatures, core-platform §6): every API
 * route of a plan-gated area declares `config.plan` with that area's flag, and
 * no other route declares one. Areas that do not exist yet pass trivially; the
 * walk holds them to the map the day they are added.
 */
import { planFeatures, planFlagForApi, planFlags } from "@balcao/contracts";
import rateLimit from "@fastify/rate-limit";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerModules } from "../../http/modules.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";

let s: TestServer;
const routes: { method: string; url: string; plan: string | undefined }[] = [];
const app = Fastify();
beforeAll(async () => {
  s = await startTestServer();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onRoute", (r) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url, plan: r.config?.plan });
  });
  // The same registration as the real app's /api scope, without the prefix; routes may make their own
  // limiters (the external API's wrong-token count) when they register.
  await app.register(rateLimit, { global: false });
  await registerModules(app, s.ctx);
});
afterAll(async () => {
  await app.close();
  await s.close();
});

describe("plan features", () => {
  it("names a known plan flag for every feature", () => {
    for (const feature of Object.values(planFeatures)) expect(planFlags).toContain(feature.flag);
  });

  it("gates every route of a plan-gated area with its flag, and nothing else", () => {
    expect(routes.length).toBeGreaterThan(10);
    const wrong = routes
      .filter((r) => r.method !== "HEAD" && r.plan !== planFlagForApi(r.url))
      .map((r) => `${r.method} ${r.url}: declares ${r.plan ?? "no plan"}, map says ${planFlagForApi(r.url) ?? "none"}`);
    expect(wrong).toEqual([]);
  });

  it("already holds the kanban lanes (GET /tags/kanban) to useKanban", () => {
    expect(routes.find((r) => r.url === "/tags/kanban")?.plan).toBe("useKanban");
  });
});
