/**
 * The route-access walk of DESIGN §2 "Structural tenancy": every API route
 * declares who may call it, and every non-public route refuses an anonymous call.
 */
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { buildTenant } from "../../test/factories.js";
import { API_PREFIX, listRoutes } from "./app.js";
import { registerAccessGuard } from "./access.js";
import { errorHandler } from "./errors.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

/** The OpenAPI UI is documentation, served outside the guarded API scope. */
const docsPrefix = `${API_PREFIX}/docs`;
const apiRoutes = () =>
  listRoutes(s.app).filter((r) => r.url.startsWith(`${API_PREFIX}/`) && !r.url.startsWith(docsPrefix));

/** A concrete URL for a route pattern: every parameter becomes "1". */
const concrete = (url: string) => url.replace(/:[^/]+/g, "1").replace(/\*$/, "x");

describe("route access walk", () => {
  it("finds the foundation's routes", () => {
    const urls = apiRoutes().map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      "POST /api/auth/login",
      "POST /api/auth/refresh_token",
      "DELETE /api/auth/logout",
      "GET /api/auth/me",
      "POST /api/forgetpassword/:email",
      "POST /api/resetpasswords/:email/:token/:newPassword",
      "POST /api/companies/cadastro",
      "GET /api/companies/listPlan/:companyId",
      "GET /api/plans/list",
      "POST /api/users/set-language/:lang",
      "GET /api/settings",
      "PUT /api/settings/:key",
      "GET /api/health",
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it("fails on any API route that declares no access", () => {
    const undeclared = apiRoutes()
      .filter((r) => !r.access)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it("answers 401 ERR_SESSION_EXPIRED on every non-public route called without a token", async () => {
    const guarded = apiRoutes().filter((r) => r.access !== "public");
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const res = await s.app.inject({ method: route.method as "GET", url: concrete(route.url) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      if (route.method !== "HEAD") expect(res.json()).toEqual({ error: "ERR_SESSION_EXPIRED" });
    }
  });

  it("answers 403 ERR_INVALID_TOKEN on every non-public route called with a bad token", async () => {
    for (const route of apiRoutes().filter((r) => r.access !== "public")) {
      const res = await s.app.inject({
        method: route.method as "GET",
        url: concrete(route.url),
        headers: { authorization: "Bearer nope" },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it("lets a signed-in agent's token through the guard on every 'user' route", async () => {
    const { agent } = await buildTenant(s);
    // Logging out ends the session the others use: it goes last.
    const isLogout = (r: { url: string }) => r.url === `${API_PREFIX}/auth/logout`;
    const userRoutes = apiRoutes().filter((r) => r.access === "user");
    for (const route of [...userRoutes.filter((r) => !isLogout(r)), ...userRoutes.filter(isLogout)]) {
      const res = await s.app.inject({
        method: route.method as "GET",
        url: concrete(route.url),
        headers: { authorization: `Bearer ${agent.token}` },
      });
      // A service may still refuse (e.g. another company's id), but never as a bad session.
      const error = res.statusCode >= 400 && route.method !== "HEAD" ? res.json().error : undefined;
      expect(["ERR_SESSION_EXPIRED", "ERR_INVALID_TOKEN"], `${route.method} ${route.url}`).not.toContain(error);
    }
  });
});

describe("the guard itself", () => {
  it("refuses a route that forgot to declare access, even with no token (deny by default)", async () => {
    const app = Fastify();
    app.setErrorHandler(errorHandler);
    registerAccessGuard(app, s.ctx.sessions, s.ctx.db);
    app.get("/forgotten", async () => ({ secret: "leak" }));
    app.get("/open", { config: { access: "public" } }, async () => ({ ok: true }));
    const forgotten = await app.inject({ url: "/forgotten" });
    expect(forgotten.statusCode).toBe(403);
    expect(forgotten.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await app.inject({ url: "/open" })).statusCode).toBe(200);
    await app.close();
  });
});
