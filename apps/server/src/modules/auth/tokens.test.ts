/**
 * Access tokens (no token 401, invalid or expired 403) and the refresh cookie
 * (rotated, httpOnly, SameSite=Strict; any failed refresh 401): DESIGN §4.
 */
import { eq } from "drizzle-orm";
import jwt from "jsonwebtoken";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSecrets, companies, mailOutbox } from "../../db/schema/index.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { buildTenant, login } from "../../../test/factories.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

async function storedSecret(key: "jwt_secret" | "jwt_refresh_secret") {
  const [row] = await s.ctx.db.select().from(appSecrets).where(eq(appSecrets.key, key));
  return row!.value;
}

const me = (token: string) => s.request({ path: "/auth/me", token });
const refresh = (cookie?: string) =>
  s.request({
    method: "POST",
    path: "/auth/refresh_token",
    ...(cookie === undefined ? {} : { cookies: { jrt: cookie } }),
  });

describe("access token", () => {
  it("answers 401 ERR_SESSION_EXPIRED without a token", async () => {
    const res = await s.request({ path: "/settings" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "ERR_SESSION_EXPIRED" });
  });

  it("answers 403 ERR_INVALID_TOKEN for a garbage token", async () => {
    const res = await me("not.a.token");
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "ERR_INVALID_TOKEN" });
  });

  it("answers 403 ERR_INVALID_TOKEN for an expired token signed with the real secret", async () => {
    const { agent } = await buildTenant(s);
    const { iat: _iat, exp: _exp, ...claims } = jwt.decode(agent.token) as jwt.JwtPayload;
    const secret = await storedSecret("jwt_secret");
    const valid = jwt.sign(claims, secret, { algorithm: "HS256", expiresIn: 60 });
    expect((await me(valid)).statusCode).toBe(200);

    const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, secret, { algorithm: "HS256" });
    const res = await me(expired);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "ERR_INVALID_TOKEN" });
  });

  it("refuses a token signed with another secret, or unsigned", async () => {
    const { agent, company } = await buildTenant(s);
    const claims = { id: agent.id, companyId: company.id, profile: "admin", super: true };
    const forged = jwt.sign(claims, "guessed-secret", { algorithm: "HS256", expiresIn: 60 });
    const unsigned = jwt.sign(claims, "", { algorithm: "none" });
    for (const token of [forged, unsigned]) expect((await me(token)).statusCode).toBe(403);
  });

  it("refuses a refresh token used as an access token", async () => {
    const { agent } = await buildTenant(s);
    const session = await login(s, agent.email);
    expect((await me(session.refresh)).statusCode).toBe(403);
  });
});

describe("POST /auth/refresh_token", () => {
  it("answers a new access token and sets a rotated httpOnly SameSite=Strict cookie on /api/auth", async () => {
    const { agent } = await buildTenant(s);
    const session = await login(s, agent.email);
    const res = await refresh(session.refresh);

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ id: agent.id, companyId: agent.companyId });
    expect((await me(body.token)).json().id).toBe(agent.id);

    const cookie = res.cookies.find((c) => c.name === "jrt")!;
    expect(cookie.value).toEqual(expect.any(String));
    expect(cookie.value).not.toBe(session.refresh);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth" });
    expect(cookie.maxAge).toBe(7 * 24 * 60 * 60);

    // The rotated cookie refreshes again.
    const again = await refresh(cookie.value);
    expect(again.statusCode).toBe(200);
  });

  it("named choice: an earlier cookie of the same live session still refreshes in the grace (tabs refreshing at once)", async () => {
    // Two tabs share the cookie and may refresh together after their access token
    // expires; refusing the earlier cookie would log both out. After the grace it
    // ends the session (refresh-reuse.test.ts), as do a new login, logout and password reset.
    const { agent } = await buildTenant(s);
    const session = await login(s, agent.email);
    expect((await refresh(session.refresh)).statusCode).toBe(200);
    expect((await refresh(session.refresh)).statusCode).toBe(200);
  });

  it("answers 401 without a cookie, with a garbage cookie and with a cookie signed by another key", async () => {
    const { agent } = await buildTenant(s);
    const session = await login(s, agent.email);
    const forged = jwt.sign({ id: agent.id, tokenVersion: 0, sid: "x" }, "guess", { expiresIn: 60 });
    for (const cookie of [undefined, "garbage", forged, session.token]) {
      const res = await refresh(cookie);
      expect(res.statusCode, `cookie ${cookie}`).toBe(401);
      expect(res.json()).toEqual({ error: "ERR_INVALID_REFRESH_TOKEN" });
    }
  });

  it("answers 401 for an expired refresh token", async () => {
    const { agent } = await buildTenant(s);
    const session = await login(s, agent.email);
    const claims = jwt.decode(session.refresh) as jwt.JwtPayload;
    const expired = jwt.sign(
      { ...claims, exp: Math.floor(Date.now() / 1000) - 5 },
      await storedSecret("jwt_refresh_secret"),
    );
    const res = await refresh(expired);
    expect(res.statusCode).toBe(401);
  });

  it("ends the first session when the user signs in again (single session)", async () => {
    const { agent } = await buildTenant(s);
    const first = await login(s, agent.email);
    const second = await login(s, agent.email);
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    expect((await refresh(second.refresh)).statusCode).toBe(200);
  });

  it("answers 401 after logout", async () => {
    const { agent } = await buildTenant(s);
    const session = await login(s, agent.email);
    await s.request({ method: "DELETE", path: "/auth/logout", token: session.token });
    const res = await refresh(session.refresh);
    expect(res.statusCode).toBe(401);
    // The failed refresh also clears the cookie.
    expect(res.cookies.find((c) => c.name === "jrt")?.value).toBe("");
  });

  it("answers 401 for every refresh token after a password reset", async () => {
    const { agent } = await buildTenant(s);
    const session = await login(s, agent.email);
    await s.request({ method: "POST", path: `/forgetpassword/${agent.email}` });
    const [mail] = await s.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, agent.email));
    // Bounded: a name made of hex digits must not pass for the code.
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    const reset = await s.request({ method: "POST", path: `/resetpasswords/${agent.email}/${code}/NewSecret9` });
    expect(reset.statusCode).toBe(200);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
  });

  it("answers 401 once the company has expired", async () => {
    const { agent, company } = await buildTenant(s);
    const session = await login(s, agent.email);
    await s.ctx.db.update(companies).set({ dueDate: "2001-01-01" }).where(eq(companies.id, company.id));
    const res = await refresh(session.refresh);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: "ERR_SUBSCRIPTION_EXPIRED", details: { dueDate: "2001-01-01" } });
  });
});
