/**
 * DELETE /users/{id} (core-platform §2.16, §7.2), and the rules it shares with
 * PUT /users/{id}: platform staff are managed by platform staff, and a company
 * always keeps an admin.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildQueue, buildTenant, buildUser, login } from "../../../test/factories.js";
import { ADMIN, startTestServer, type TestServer } from "../../../test/harness.js";
import { closeAllSockets, connectSocket, flush, nextEvent, record } from "../../../test/sockets.js";
import { expectCompanyIsolation } from "../../../test/tenancy.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s.close();
});

const remove = (token: string, id: number | string) => s.request({ method: "DELETE", path: `/users/${id}`, token });
const exists = async (token: string, id: number) => (await s.request({ path: `/users/${id}`, token })).statusCode;
const saveBody = (u: { name: string; email: string }, extra: Record<string, unknown> = {}) => ({
  name: u.name,
  email: u.email,
  password: "",
  ...extra,
});

function expectRefused(res: { statusCode: number; json(): unknown }, reason: string) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION", details: { reason } });
}

describe("DELETE /users/{id}", () => {
  it("deletes a user of the company: gone from the list, their login refused, queues released", async () => {
    const t = await buildTenant(s);
    const queue = await buildQueue(s, t.company.id);
    const doomed = await buildUser(s, { companyId: t.company.id, queueIds: [queue.id] });
    const res = await remove(t.admin.token, doomed.id);
    expect(res.statusCode).toBe(200);
    expect(await exists(t.admin.token, doomed.id)).toBe(404);
    await expect(login(s, doomed.email)).rejects.toThrow();
    const list = await s.request({ path: "/users", token: t.admin.token });
    expect(list.body).not.toContain(doomed.email);
    // Deleting the queue afterwards works: no row of the deleted user holds it.
    expect((await s.request({ method: "DELETE", path: `/queue/${queue.id}`, token: t.admin.token })).statusCode).toBe(
      200,
    );
  });

  it("tells the company's sockets, and only them, with company-{id}-user delete", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const doomed = await buildUser(s, { companyId: t.company.id });
    const mine = await connectSocket(s, t.agent.token);
    const theirs = await connectSocket(s, other.admin.token);
    const leaked = record(theirs, `company-${t.company.id}-user`);
    const event = nextEvent(mine, `company-${t.company.id}-user`);
    await remove(t.admin.token, doomed.id);
    expect(await event).toEqual({ action: "delete", userId: doomed.id });
    await flush(s, theirs);
    expect(leaked).toEqual([]);
  });

  it("answers 404 for another company's user and leaves them be", async () => {
    const a = await buildTenant(s);
    const b = await buildTenant(s);
    const res = await remove(b.admin.token, a.agent.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "ERR_NO_USER_FOUND" });
    expect(await exists(a.admin.token, a.agent.id)).toBe(200);
    // The helper's order (owner first) would delete before the other tries, so a second user serves it.
    const spare = await buildUser(s, { companyId: a.company.id });
    await expectCompanyIsolation(s, {
      request: { method: "DELETE", path: `/users/${spare.id}` },
      ownerToken: a.admin.token,
      otherToken: b.admin.token,
    });
  });

  it("refuses deleting oneself", async () => {
    const t = await buildTenant(s);
    expectRefused(await remove(t.admin.token, t.admin.id), "self");
    expect(await exists(t.admin.token, t.admin.id)).toBe(200);
  });

  it("is for admins: agents and supervisors are refused; bad ids are 400", async () => {
    const t = await buildTenant(s);
    const supervisor = await buildUser(s, { companyId: t.company.id, profile: "supervisor" });
    const supervisorToken = (await login(s, supervisor.email)).token;
    for (const token of [t.agent.token, supervisorToken]) {
      const res = await remove(token, t.admin.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    for (const bad of ["abc", "0", "-3"]) expect((await remove(t.admin.token, bad)).statusCode).toBe(400);
    expect((await s.request({ method: "DELETE", path: `/users/${t.agent.id}` })).statusCode).toBe(401);
    expect(await exists(t.admin.token, t.agent.id)).toBe(200);
  });

  it("keeps the platform's super admin from the platform company's other admins", async () => {
    const admin1 = await buildUser(s, { companyId: 1, profile: "admin" });
    const token = (await login(s, admin1.email)).token;
    const superAdmin = await login(s, ADMIN.email, ADMIN.password);
    const superId = superAdmin.body.user.id as number;
    expectRefused(await remove(token, superId), "super");
    // Nor may they take it over by editing it.
    const me = superAdmin.body.user as { name: string; email: string };
    expectRefused(
      await s.request({ method: "PUT", path: `/users/${superId}`, token, body: saveBody(me, { password: "taken" }) }),
      "super",
    );
    // Its password is unchanged; signing in again starts its new (single) session.
    const again = await login(s, ADMIN.email, ADMIN.password);
    // The super admin manages them, though.
    expect((await remove(again.token, admin1.id)).statusCode).toBe(200);
  });

  it("never deletes or demotes the company's last admin", async () => {
    const t = await buildTenant(s);
    // A super user placed in the company (profile user) is the one caller who could reach its last admin.
    const staff = await buildUser(s, { companyId: t.company.id, super: true });
    const staffToken = (await login(s, staff.email)).token;
    expectRefused(await remove(staffToken, t.admin.id), "lastAdmin");
    expectRefused(
      await s.request({
        method: "PUT",
        path: `/users/${t.admin.id}`,
        token: t.admin.token,
        body: saveBody(t.admin, { profile: "user" }),
      }),
      "lastAdmin",
    );
    expect((await s.request({ path: `/users/${t.admin.id}`, token: t.admin.token })).json().profile).toBe("admin");
    const second = await buildUser(s, { companyId: t.company.id, profile: "admin" });
    const demote = await s.request({
      method: "PUT",
      path: `/users/${t.admin.id}`,
      token: t.admin.token,
      body: saveBody(t.admin, { profile: "user" }),
    });
    expect(demote.statusCode).toBe(200);
    expectRefused(await remove(staffToken, second.id), "lastAdmin");
  });
});

describe("company-{id}-user update", () => {
  it("never carries platform secrets to the company's sockets", async () => {
    const superAdmin = await login(s, ADMIN.email, ADMIN.password);
    const put = await s.request({
      method: "PUT",
      path: "/settings/asaas",
      token: superAdmin.token,
      body: { value: "secret-provider-token" },
    });
    expect(put.statusCode).toBe(200);
    const colleague = await buildUser(s, { companyId: 1 });
    const socket = await connectSocket(s, (await login(s, colleague.email)).token);
    const event = nextEvent<{ user: unknown }>(socket, "company-1-user");
    const me = superAdmin.body.user as { id: number; name: string; email: string };
    const res = await s.request({
      method: "PUT",
      path: `/users/${me.id}`,
      token: superAdmin.token,
      body: saveBody(me),
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(await event)).not.toContain("secret-provider-token");
  });
});
