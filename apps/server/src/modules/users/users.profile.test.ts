import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildQueue, buildTenant, login, PASSWORD } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { expectCompanyIsolation } from "../../../test/tenancy.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const body = (u: { name: string; email: string }, extra: Record<string, unknown> = {}) => ({
  name: u.name,
  email: u.email,
  password: "",
  profile: "user",
  allTicket: "desabled",
  whatsappId: "",
  queueIds: [],
  ...extra,
});

describe("profile modal: GET and PUT /users/{id}", () => {
  it("lets a user rename themself but not promote themself or pick queues", async () => {
    const t = await buildTenant(s);
    const queue = await buildQueue(s, t.company.id);
    const res = await s.request({
      method: "PUT",
      path: `/users/${t.agent.id}`,
      token: t.agent.token,
      body: body(t.agent, { name: "Renamed Agent", profile: "admin", allTicket: "enabled", queueIds: [queue.id] }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Renamed Agent", profile: "user", allTicket: "desabled", queues: [] });
  });

  it("lets an admin set profile and queues, and refuses another company's queue", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const queue = await buildQueue(s, t.company.id);
    const foreign = await buildQueue(s, other.company.id);
    const ok = await s.request({
      method: "PUT",
      path: `/users/${t.agent.id}`,
      token: t.admin.token,
      body: body(t.agent, { profile: "admin", queueIds: [queue.id] }),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ profile: "admin", queues: [{ id: queue.id, name: queue.name }] });
    const bad = await s.request({
      method: "PUT",
      path: `/users/${t.agent.id}`,
      token: t.admin.token,
      body: body(t.agent, { queueIds: [foreign.id] }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("ERR_VALIDATION");
  });

  it("refuses an agent editing someone else, and a taken email", async () => {
    const t = await buildTenant(s);
    const res = await s.request({
      method: "PUT",
      path: `/users/${t.admin.id}`,
      token: t.agent.token,
      body: body(t.admin),
    });
    expect(res.statusCode).toBe(403);
    const dup = await s.request({
      method: "PUT",
      path: `/users/${t.agent.id}`,
      token: t.agent.token,
      body: body({ name: t.agent.name, email: t.admin.email.toUpperCase() }, { currentPassword: PASSWORD }),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: "ERR_EMAIL_ALREADY_EXISTS" });
  });

  it("validates name, email and password lengths and changes nothing", async () => {
    const t = await buildTenant(s);
    for (const bad of [{ name: "A" }, { name: "x".repeat(51) }, { email: "not-an-email" }, { password: "1234" }]) {
      const res = await s.request({
        method: "PUT",
        path: `/users/${t.agent.id}`,
        token: t.agent.token,
        body: body(t.agent, bad),
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const me = await s.request({ path: "/auth/me", token: t.agent.token });
    expect(me.json().name).toBe(t.agent.name);
  });

  it("an admin's password reset for a user ends that user's sessions; the new password works", async () => {
    const t = await buildTenant(s);
    const before = await login(s, t.agent.email);
    const res = await s.request({
      method: "PUT",
      path: `/users/${t.agent.id}`,
      token: t.admin.token,
      body: body(t.agent, { password: "NewPass1" }),
    });
    expect(res.statusCode).toBe(200);
    const refresh = await s.request({ method: "POST", path: "/auth/refresh_token", cookies: { jrt: before.refresh } });
    expect(refresh.statusCode).toBe(401);
    await expect(login(s, t.agent.email, PASSWORD)).rejects.toThrow();
    await login(s, t.agent.email, "NewPass1");
  });

  it("never reveals or changes a user of another company", async () => {
    const a = await buildTenant(s);
    const b = await buildTenant(s);
    await expectCompanyIsolation(s, {
      request: { path: `/users/${a.agent.id}` },
      ownerToken: a.admin.token,
      otherToken: b.admin.token,
      secrets: [a.agent.email],
    });
    await expectCompanyIsolation(s, {
      request: { method: "PUT", path: `/users/${a.agent.id}`, body: body(a.agent, { name: "Owner Rename" }) },
      ownerToken: a.admin.token,
      otherToken: b.admin.token,
    });
    const hijack = await s.request({
      method: "PUT",
      path: `/users/${a.agent.id}`,
      token: b.admin.token,
      body: body(a.agent, { name: "Hijacked" }),
    });
    expect(hijack.statusCode).toBe(404);
    const me = await s.request({ path: `/users/${a.agent.id}`, token: a.admin.token });
    expect(me.json().name).not.toBe("Hijacked");
  });
});
