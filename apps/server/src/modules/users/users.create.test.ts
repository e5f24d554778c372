/** POST /users (core-platform §2.16, §5 "User modal", §7.2, §8.1 ERR_USER_CREATION_DISABLED). */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildPlan, buildQueue, buildTenant, buildUser, login } from "../../../test/factories.js";
import { ADMIN, startTestServer, type TestServer } from "../../../test/harness.js";
import { closeAllSockets, connectSocket, flush, nextEvent, record } from "../../../test/sockets.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s.close();
});

let n = 0;
const newUser = (extra: Record<string, unknown> = {}) => ({
  name: `New Agent ${++n}`,
  email: `new-agent-${n}-${Date.now()}@example.com`,
  password: "agent1",
  profile: "user",
  allTicket: "desabled",
  whatsappId: "",
  queueIds: [],
  ...extra,
});

const create = (token: string, body: unknown) => s.request({ method: "POST", path: "/users", token, body });
const countOf = async (token: string) => (await s.request({ path: "/users", token })).json<{ count: number }>().count;

async function setUserCreation(token: string, value: "enabled" | "disabled") {
  const res = await s.request({ method: "PUT", path: "/settings/userCreation", token, body: { value } });
  expect(res.statusCode).toBe(200);
}

describe("POST /users", () => {
  it("creates a user of the admin's company with queues, who can then log in", async () => {
    const t = await buildTenant(s);
    const queue = await buildQueue(s, t.company.id);
    const body = newUser({ email: "  Mixed.Case@Example.COM ", queueIds: [queue.id], allTicket: "enabled" });
    const res = await create(t.admin.token, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: body.name,
      email: "mixed.case@example.com",
      profile: "user",
      super: false,
      allTicket: "enabled",
      whatsappId: null,
      companyId: t.company.id,
      queues: [{ id: queue.id, name: queue.name, color: queue.color }],
    });
    expect(res.body).not.toContain("password");
    await login(s, "mixed.case@example.com", "agent1");
  });

  it("takes the company from the token and never super from the body; profile defaults to user", async () => {
    const t = await buildTenant(s);
    const other = await buildCompany(s);
    const { profile: _p, ...body } = newUser({ companyId: other.id, super: true });
    const res = await create(t.admin.token, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ companyId: t.company.id, super: false, profile: "user" });
  });

  it("accepts the admin and supervisor profiles and nothing else", async () => {
    const t = await buildTenant(s);
    for (const profile of ["admin", "supervisor"]) {
      expect((await create(t.admin.token, newUser({ profile }))).json().profile).toBe(profile);
    }
    const bad = await create(t.admin.token, newUser({ profile: "super" }));
    expect(bad.statusCode).toBe(400);
  });

  it("refuses with ERR_USER_CREATION_DISABLED when the company forbids it, admins included", async () => {
    const t = await buildTenant(s);
    const before = await countOf(t.admin.token);
    await setUserCreation(t.admin.token, "disabled");
    const res = await create(t.admin.token, newUser());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "ERR_USER_CREATION_DISABLED" });
    expect(await countOf(t.admin.token)).toBe(before);
    await setUserCreation(t.admin.token, "enabled");
    expect((await create(t.admin.token, newUser())).statusCode).toBe(200);
  });

  it("lets super users create users even when their company forbids it", async () => {
    const superToken = (await login(s, ADMIN.email, ADMIN.password)).token;
    await setUserCreation(superToken, "disabled");
    try {
      const res = await create(superToken, newUser());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().companyId).toBe(1);
    } finally {
      await setUserCreation(superToken, "enabled");
    }
  });

  it("stops at the plan's user limit with ERR_PLAN_LIMIT_REACHED", async () => {
    const plan = await buildPlan(s, { users: 3 });
    const company = await buildCompany(s, { planId: plan.id });
    const admin = await buildUser(s, { companyId: company.id, profile: "admin" });
    await buildUser(s, { companyId: company.id });
    const token = (await login(s, admin.email)).token;
    expect((await create(token, newUser())).statusCode).toBe(200);
    const res = await create(token, newUser());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: "ERR_PLAN_LIMIT_REACHED", details: { limit: "users", max: 3 } });
    expect(await countOf(token)).toBe(3);
  });

  it("refuses an email any user already has, in any case, with ERR_EMAIL_ALREADY_EXISTS", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const res = await create(t.admin.token, newUser({ email: other.agent.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "ERR_EMAIL_ALREADY_EXISTS" });
  });

  it("validates the modal's rules and creates nothing on bad input", async () => {
    const t = await buildTenant(s);
    const before = await countOf(t.admin.token);
    const bad: Record<string, unknown>[] = [
      { password: undefined },
      { password: "" },
      { password: "1234" },
      { password: "x".repeat(51) },
      { name: "A" },
      { name: "x".repeat(51) },
      { email: "not-an-email" },
      { email: "" },
      { allTicket: "maybe" },
      { queueIds: ["abc"] },
    ];
    for (const extra of bad) {
      const res = await create(t.admin.token, newUser(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
    }
    const broken = await s.request({
      method: "POST",
      path: "/users",
      token: t.admin.token,
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(broken.json()).toEqual({ error: "ERR_INVALID_JSON" });
    expect(await countOf(t.admin.token)).toBe(before);
  });

  it("refuses another company's queue and any default connection, creating nothing", async () => {
    const t = await buildTenant(s);
    const foreign = await buildQueue(s, (await buildCompany(s)).id);
    const before = await countOf(t.admin.token);
    const queue = await create(t.admin.token, newUser({ queueIds: [foreign.id] }));
    expect(queue.statusCode).toBe(400);
    expect(queue.json()).toMatchObject({ error: "ERR_VALIDATION", details: { field: "queueIds" } });
    const wapp = await create(t.admin.token, newUser({ whatsappId: 7 }));
    expect(wapp.json()).toEqual({ error: "ERR_NO_WAPP_FOUND" });
    expect(await countOf(t.admin.token)).toBe(before);
  });

  it("is for admins only", async () => {
    const t = await buildTenant(s);
    const supervisor = await buildUser(s, { companyId: t.company.id, profile: "supervisor" });
    const supervisorToken = (await login(s, supervisor.email)).token;
    for (const token of [t.agent.token, supervisorToken]) {
      const res = await create(token, newUser());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    expect((await s.request({ method: "POST", path: "/users", body: newUser() })).statusCode).toBe(401);
    expect(await countOf(t.admin.token)).toBe(3);
  });

  it("tells the company's sockets, and only them, with company-{id}-user create", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const mine = await connectSocket(s, t.agent.token);
    const theirs = await connectSocket(s, other.admin.token);
    const leaked = record(theirs, `company-${t.company.id}-user`);
    const theirChannel = record(theirs, `company-${other.company.id}-user`);
    const event = nextEvent<{ action: string; user: { id: number; name: string } }>(
      mine,
      `company-${t.company.id}-user`,
    );
    const created = (await create(t.admin.token, newUser())).json<{ id: number; name: string }>();
    expect(await event).toMatchObject({ action: "create", user: { id: created.id, name: created.name } });
    await flush(s, theirs);
    expect(leaked).toEqual([]);
    expect(theirChannel).toEqual([]);
  });
});
