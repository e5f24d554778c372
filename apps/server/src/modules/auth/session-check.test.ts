/**
 * Access tokens are checked against their user on every API call (issue 10
 * item 2): an ended session, a deleted user, a company switched off or
 * expired are refused at once with 401 (the client signs out); a changed
 * profile answers 403 ERR_INVALID_TOKEN, the client refreshes once and gets
 * a token with the new profile.
 */
import { auth as authConstants } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import jwt from "jsonwebtoken";
import { describe, expect, it } from "vitest";
import { appSecrets, users } from "../../db/schema/index.js";
import { buildTenant, login } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { editCompany, editUser, refreshWith } from "../../../test/sessions.js";
import { until } from "../../../test/sockets.js";
import { addDays, isoDate } from "../companies/subscription.js";

let s: TestServer;
serverPerFile((started) => (s = started));

/** A 'user' route any signed-in user may call. */
const settingsWith = (token: string) => s.request({ path: "/settings", token });

function expectRefused(res: { statusCode: number; json(): unknown }, status: number, body: unknown) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual(body);
}

describe("an ended session", () => {
  it("after logout, the access token answers 401 ERR_SESSION_EXPIRED at once", async () => {
    const { agent } = await buildTenant(s);
    expect((await settingsWith(agent.token)).statusCode).toBe(200);
    expect((await s.request({ method: "DELETE", path: "/auth/logout", token: agent.token })).statusCode).toBe(200);
    expectRefused(await settingsWith(agent.token), 401, { error: "ERR_SESSION_EXPIRED" });
  });

  it("a new login ends the previous login's access token (single session)", async () => {
    const { agent } = await buildTenant(s);
    expect((await settingsWith(agent.token)).statusCode).toBe(200);
    const second = await login(s, agent.email);
    expectRefused(await settingsWith(agent.token), 401, { error: "ERR_SESSION_EXPIRED" });
    expect((await settingsWith(second.token)).statusCode).toBe(200);
  });

  it("a deleted user's access token answers 401 ERR_SESSION_EXPIRED at once", async () => {
    const { admin, agent } = await buildTenant(s);
    expect((await settingsWith(agent.token)).statusCode).toBe(200);
    expect((await s.request({ method: "DELETE", path: `/users/${agent.id}`, token: admin.token })).statusCode).toBe(
      200,
    );
    expectRefused(await settingsWith(agent.token), 401, { error: "ERR_SESSION_EXPIRED" });
  });

  it("after an administrator sets the user's password, the user's access token answers 401", async () => {
    const { admin, agent } = await buildTenant(s);
    expect((await settingsWith(agent.token)).statusCode).toBe(200);
    expect((await editUser(s, admin.token, agent, { password: "Other123" })).statusCode).toBe(200);
    expectRefused(await settingsWith(agent.token), 401, { error: "ERR_SESSION_EXPIRED" });
  });

  it("a token from before sessions were checked (no session id) answers 403, so the client refreshes", async () => {
    const { agent } = await buildTenant(s);
    const { iat: _iat, exp: _exp, sid: _sid, tv: _tv, ...claims } = jwt.decode(agent.token) as jwt.JwtPayload;
    const [secret] = await s.ctx.db.select().from(appSecrets).where(eq(appSecrets.key, "jwt_secret"));
    const legacy = jwt.sign(claims, secret!.value, { algorithm: "HS256", expiresIn: 60 });
    expectRefused(await settingsWith(legacy), 403, { error: "ERR_INVALID_TOKEN" });
  });
});

describe("the company", () => {
  it("switched off: its users' tokens answer 401 ERR_COMPANY_INACTIVE at once", async () => {
    const { company, admin, agent } = await buildTenant(s);
    expect((await settingsWith(agent.token)).statusCode).toBe(200);
    expect((await editCompany(s, company.id, { status: false })).statusCode).toBe(200);
    for (const token of [agent.token, admin.token]) {
      expectRefused(await settingsWith(token), 401, { error: "ERR_COMPANY_INACTIVE" });
    }
    // Switched on again, the same tokens work again at once.
    expect((await editCompany(s, company.id, { status: true })).statusCode).toBe(200);
    expect((await settingsWith(agent.token)).statusCode).toBe(200);
  });

  it("given a past due date: 401 ERR_SUBSCRIPTION_EXPIRED with the date, at once", async () => {
    const { company, agent } = await buildTenant(s);
    expect((await settingsWith(agent.token)).statusCode).toBe(200);
    const yesterday = isoDate(addDays(new Date(), -1));
    expect((await editCompany(s, company.id, { dueDate: yesterday })).statusCode).toBe(200);
    expectRefused(await settingsWith(agent.token), 401, {
      error: "ERR_SUBSCRIPTION_EXPIRED",
      details: { dueDate: yesterday },
    });
  });
});

describe("a changed profile", () => {
  it("answers 403 ERR_INVALID_TOKEN; the refresh issues a token with the new profile, which works", async () => {
    const { admin, agent } = await buildTenant(s);
    const session = await login(s, agent.email);
    expect((await settingsWith(session.token)).statusCode).toBe(200);
    expect((await s.request({ path: "/users", token: session.token })).statusCode).toBe(403);
    expect((await editUser(s, admin.token, agent, { profile: "admin" })).statusCode).toBe(200);

    expectRefused(await settingsWith(session.token), 403, { error: "ERR_INVALID_TOKEN" });
    const refreshed = await refreshWith(s, session.refresh);
    expect(refreshed.statusCode).toBe(200);
    const token = refreshed.json<{ token: string }>().token;
    expect(jwt.decode(token)).toMatchObject({ profile: "admin" });
    expect((await s.request({ path: "/users", token })).statusCode).toBe(200);
  });
});

describe("the per-process cache", () => {
  it("trusts only acceptances: a session another process started a moment ago is accepted at once", async () => {
    const { agent } = await buildTenant(s);
    expect((await settingsWith(agent.token)).statusCode).toBe(200);
    // Another node signs the user in: a new session id on the row, a token carrying it.
    await s.ctx.db.update(users).set({ sessionId: "started-elsewhere" }).where(eq(users.id, agent.id));
    const [secret] = await s.ctx.db.select().from(appSecrets).where(eq(appSecrets.key, "jwt_secret"));
    const { iat: _iat, exp: _exp, ...claims } = jwt.decode(agent.token) as jwt.JwtPayload;
    const elsewhere = jwt.sign({ ...claims, sid: "started-elsewhere" }, secret!.value, { expiresIn: 60 });
    expect((await settingsWith(elsewhere)).statusCode).toBe(200);
  });

  it(`named choice: a change made outside the services is seen within ${authConstants.sessionCheckCacheMs} ms`, async () => {
    // The services that end sessions drop the cached check at once (tests above);
    // a row changed by other means waits out the few seconds a check is trusted.
    const { agent } = await buildTenant(s);
    expect((await settingsWith(agent.token)).statusCode).toBe(200);
    await s.ctx.db.update(users).set({ sessionId: "ended-elsewhere" }).where(eq(users.id, agent.id));
    const changedAt = Date.now();
    await until(async () => (await settingsWith(agent.token)).statusCode === 401, 8000, 200);
    expect(Date.now() - changedAt).toBeLessThanOrEqual(authConstants.sessionCheckCacheMs + 1000);
  });
});
