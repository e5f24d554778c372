/**
 * The error handler (DESIGN §4: `{ error: "ERR_..." }`, never a stack or SQL),
 * security headers, the OpenAPI UI and the health check.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { users } from "../db/schema/index.js";
import { ADMIN, startTestServer, type TestServer } from "../../test/harness.js";
import { buildCompany, buildUser, login } from "../../test/factories.js";
import { AppError, errorHandler } from "./errors.js";

let s: TestServer;
/** A test-only app with the real error handler and routes that fail on purpose. */
let probe: FastifyInstance;
beforeAll(async () => {
  s = await startTestServer();
  probe = Fastify();
  probe.setValidatorCompiler(validatorCompiler);
  probe.setSerializerCompiler(serializerCompiler);
  probe.setErrorHandler(errorHandler);
  probe.get("/crash", async () => {
    const err = new Error("connection to db-internal.local:5432 refused, password=hunter2");
    throw err;
  });
  probe.get("/bad-sql", async () => s.ctx.db.execute(sql`select secret_column from no_such_table_xyz`));
  probe.post("/duplicate-email", async (req) => {
    const { email, companyId } = req.body as { email: string; companyId: number };
    await s.ctx.db.insert(users).values({ companyId, name: "Dup", email, passwordHash: "x" });
    return { created: true };
  });
  probe.get("/app-error", async () => {
    throw new AppError("ERR_SUBSCRIPTION_EXPIRED", { dueDate: "2020-01-01" });
  });
  probe.get("/zod", async () => z.object({ name: z.string().min(2) }).parse({ name: "a" }));
  await probe.ready();
});
afterAll(async () => {
  await probe?.close();
  await s.close();
});

describe("error handler", () => {
  it("hides an unexpected error behind 500 ERR_INTERNAL_SERVER_ERROR", async () => {
    const res = await probe.inject({ url: "/crash" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: "ERR_INTERNAL_SERVER_ERROR" });
    expect(res.body).not.toMatch(/hunter2|db-internal|at |\.ts/);
  });

  it("never shows SQL text or database messages", async () => {
    const res = await probe.inject({ url: "/bad-sql" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: "ERR_INTERNAL_SERVER_ERROR" });
    expect(res.body).not.toMatch(/select|secret_column|no_such_table_xyz|relation/i);
  });

  it("turns a unique violation of the database into its catalogue code", async () => {
    const company = await buildCompany(s);
    const existing = await buildUser(s, { companyId: company.id, email: `dup-${randomBytes(4).toString("hex")}@x.io` });
    const res = await probe.inject({
      method: "POST",
      url: "/duplicate-email",
      payload: { email: existing.email.toUpperCase(), companyId: company.id },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "ERR_EMAIL_ALREADY_EXISTS" });
  });

  it("answers an AppError with its status, code and details", async () => {
    const res = await probe.inject({ url: "/app-error" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "ERR_SUBSCRIPTION_EXPIRED", details: { dueDate: "2020-01-01" } });
  });

  it("answers a validation failure inside a service with 400 ERR_VALIDATION and the fields", async () => {
    const res = await probe.inject({ url: "/zod" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "name" }] });
  });

  it("answers an unknown API path with 404 ERR_NOT_FOUND", async () => {
    const res = await s.request({ path: "/no/such/route" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "ERR_NOT_FOUND" });
  });

  it("answers a list path with or without the trailing slash the spec's client sends", async () => {
    const { token } = await login(s, ADMIN.email, ADMIN.password);
    const plain = await s.request({ path: "/users", token });
    const slashed = await s.request({ path: "/users/", token });
    expect(plain.statusCode).toBe(200);
    expect(slashed.statusCode).toBe(200);
    expect(slashed.json()).toEqual(plain.json());
  });

  it("answers a body that is not JSON with a catalogue code", async () => {
    const res = await s.request({
      method: "POST",
      path: "/auth/login",
      body: "email=a@b.c&password=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: "ERR_VALIDATION" });
  });
});

describe("HTTP surface", () => {
  it("sends security headers", async () => {
    const res = await s.request({ path: "/health" });
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("object-src 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["strict-transport-security"]).toBeDefined();
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("answers /api/health with ok, the version and the database kind", async () => {
    const res = await s.request({ path: "/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: "ok",
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      database: "postgres",
    });
  });

  it("serves the OpenAPI UI at /api/docs and the document at /api/docs/json", async () => {
    const ui = await s.app.inject({ url: "/api/docs" });
    const page = ui.statusCode === 302 ? await s.app.inject({ url: String(ui.headers.location) }) : ui;
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toMatch(/swagger/i);

    const doc = await s.app.inject({ url: "/api/docs/json" });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    const paths = Object.keys(spec.paths);
    expect(paths.some((p) => p.endsWith("/auth/login"))).toBe(true);
    expect(spec.paths[paths.find((p) => p.endsWith("/auth/login"))!].post).toBeDefined();
    // The health probe is hidden from the document.
    expect(paths.some((p) => p.endsWith("/health"))).toBe(false);
  });
});
