/** POST /auth/login, GET /auth/me, DELETE /auth/logout (core-platform §4.5, §7.1). */
import { PLATFORM_COMPANY_ID, settingKeys } from "@balcao/contracts";
import bcrypt from "bcryptjs";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { companies, users } from "../../db/schema/index.js";
import { ADMIN, startTestServer, type TestServer } from "../../../test/harness.js";
import { buildCompany, buildQueue, buildTenant, buildUser, login, PASSWORD } from "../../../test/factories.js";
import { closeAllSockets, connectSocket, flush, nextEvent, record } from "../../../test/sockets.js";
import { addDays, isoDate } from "../companies/subscription.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s.close();
});

const postLogin = (body: unknown, headers: Record<string, string> = {}) =>
  s.request({ method: "POST", path: "/auth/login", body, headers });

describe("POST /auth/login", () => {
  it("answers token and the user with company id, settings, due date and queues", async () => {
    const company = await buildCompany(s, { dueDate: "2099-05-01" });
    const queue = await buildQueue(s, company.id, { name: "Vendas" });
    const user = await buildUser(s, { companyId: company.id, profile: "admin", queueIds: [queue.id] });

    const res = await postLogin({ email: user.email, password: PASSWORD });

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toMatchObject({
      id: user.id,
      name: user.name,
      email: user.email,
      profile: "admin",
      super: false,
      companyId: company.id,
      queues: [{ id: queue.id, name: "Vendas", color: queue.color }],
      company: { id: company.id, name: company.name, dueDate: "2099-05-01" },
    });
    expect(body.user.company.settings.map((e: { key: string }) => e.key).sort()).toEqual([...settingKeys].sort());
    for (const entry of body.user.company.settings) expect(Object.keys(entry).sort()).toEqual(["key", "value"]);
    expect(res.body).not.toMatch(/password/i);
  });

  it("accepts the email in any letter case", async () => {
    const { admin } = await buildTenant(s);
    const res = await postLogin({ email: admin.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(admin.id);
  });

  it("refuses a wrong password and an unknown email alike with 401 ERR_INVALID_CREDENTIALS", async () => {
    const { admin } = await buildTenant(s);
    const wrong = await postLogin({ email: admin.email, password: "Wrong123" });
    const unknown = await postLogin({ email: "nobody-here@example.com", password: PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "ERR_INVALID_CREDENTIALS" });
    }
  });

  it("takes as long for an unknown email as for a wrong password (no probing by timing)", async () => {
    const { admin } = await buildTenant(s);
    // A hash of the production cost, as stored users have it (tests hash new passwords cheaply).
    await s.ctx.db
      .update(users)
      .set({ passwordHash: await bcrypt.hash(PASSWORD, 10) })
      .where(eq(users.id, admin.id));
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await postLogin({ email, password: "Wrong123" })).statusCode).toBe(401);
      return performance.now() - started;
    };
    const unknownEmail = `nobody-${admin.id}@example.com`;
    await timed(unknownEmail);
    let wrong = 0;
    let unknown = 0;
    for (let i = 0; i < 4; i++) {
      wrong += await timed(admin.email);
      unknown += await timed(unknownEmail);
    }
    expect(unknown * 3, `unknown ${unknown} ms, wrong password ${wrong} ms`).toBeGreaterThan(wrong);
  });

  it("refuses a company whose due date has passed, telling the date", async () => {
    const yesterday = isoDate(addDays(new Date(), -1));
    const company = await buildCompany(s, { dueDate: yesterday });
    const user = await buildUser(s, { companyId: company.id, profile: "admin" });
    const res = await postLogin({ email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(401);
    // An admin is also handed the way to pay (issue 14; billing/expired-payment.test.ts), never a session.
    expect(res.json()).toEqual({
      error: "ERR_SUBSCRIPTION_EXPIRED",
      details: { dueDate: yesterday, paymentToken: expect.any(String), paymentTokenExpiresAt: expect.any(String) },
    });
    expect(res.cookies.find((c) => c.name === "jrt")).toBeUndefined();
  });

  it("named choice: on the due date itself the company may still sign in", async () => {
    const company = await buildCompany(s, { dueDate: isoDate(new Date()) });
    const user = await buildUser(s, { companyId: company.id });
    const res = await postLogin({ email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it("refuses an inactive company with ERR_COMPANY_INACTIVE", async () => {
    const company = await buildCompany(s, { status: false });
    const user = await buildUser(s, { companyId: company.id, profile: "admin" });
    const res = await postLogin({ email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "ERR_COMPANY_INACTIVE" });
  });

  it("never expires the platform company", async () => {
    const [platform] = await s.ctx.db.select().from(companies).where(eq(companies.id, PLATFORM_COMPANY_ID));
    await s.ctx.db.update(companies).set({ dueDate: "2000-01-01" }).where(eq(companies.id, PLATFORM_COMPANY_ID));
    try {
      const res = await postLogin(ADMIN);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.company.dueDate).toBe("2000-01-01");
    } finally {
      await s.ctx.db.update(companies).set({ dueDate: platform!.dueDate }).where(eq(companies.id, PLATFORM_COMPANY_ID));
    }
  });

  it("answers malformed JSON with 400 ERR_INVALID_JSON", async () => {
    const res = await postLogin('{"email": "a@b.c", "password": ', { "content-type": "application/json" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_INVALID_JSON" });
  });

  it("answers missing fields with 400 ERR_VALIDATION listing them", async () => {
    const res = await postLogin({ email: "someone@example.com" });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe("ERR_VALIDATION");
    expect(body.fields.map((f: { path: string }) => f.path)).toContain("password");

    const invalidEmail = await postLogin({ email: "not-an-email", password: "x" });
    expect(invalidEmail.statusCode).toBe(400);
    expect(invalidEmail.json().fields.map((f: { path: string }) => f.path)).toContain("email");
  });

  it("answers a body over 1 MB with 413 ERR_PAYLOAD_TOO_LARGE", async () => {
    const res = await postLogin({ email: "someone@example.com", password: "x".repeat(1024 * 1024 + 10) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: "ERR_PAYLOAD_TOO_LARGE" });
  });

  it("emits company-{id}-auth with the user id to its company's sockets only", async () => {
    const a = await buildTenant(s);
    const b = await buildTenant(s);
    const socketA = await connectSocket(s, a.agent.token);
    const socketB = await connectSocket(s, b.agent.token);
    const seenByB = record(socketB, `company-${a.company.id}-auth`);
    const seenByBOwn = record(socketB, `company-${b.company.id}-auth`);

    const event = nextEvent(socketA, `company-${a.company.id}-auth`);
    await login(s, a.admin.email);
    expect(await event).toEqual({ user: { id: a.admin.id } });

    await flush(s, socketB);
    expect(seenByB).toEqual([]);
    expect(seenByBOwn).toEqual([]);
  });
});

describe("GET /auth/me", () => {
  it("answers the signed-in user with company and settings", async () => {
    const { company, agent } = await buildTenant(s);
    const res = await s.request({ path: "/auth/me", token: agent.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: agent.id, email: agent.email, companyId: company.id, profile: "user" });
    expect(res.json().company.settings).toContainEqual({ key: "userRating", value: "disabled" });
  });

  it("answers 401 ERR_SESSION_EXPIRED without a token", async () => {
    const res = await s.request({ path: "/auth/me" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "ERR_SESSION_EXPIRED" });
  });
});

describe("DELETE /auth/logout", () => {
  it("ends the session, clears the refresh cookie and marks the user offline", async () => {
    const { admin } = await buildTenant(s);
    const session = await login(s, admin.email);
    await s.ctx.db.update(users).set({ online: true }).where(eq(users.id, admin.id));
    const res = await s.request({ method: "DELETE", path: "/auth/logout", token: session.token });
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((c) => c.name === "jrt");
    expect(cleared?.value).toBe("");
    expect(cleared?.path).toBe("/api/auth");

    const refresh = await s.request({ method: "POST", path: "/auth/refresh_token", cookies: { jrt: session.refresh } });
    expect(refresh.statusCode).toBe(401);
    const [row] = await s.ctx.db.select({ online: users.online }).from(users).where(eq(users.id, admin.id));
    expect(row?.online).toBe(false);
  });

  it("needs a token", async () => {
    const res = await s.request({ method: "DELETE", path: "/auth/logout" });
    expect(res.statusCode).toBe(401);
  });
});
