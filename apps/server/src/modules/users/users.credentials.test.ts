/**
 * One's own email or password (issue 10 item 4): PUT /users/{id} for oneself
 * takes `currentPassword` to change either; a missing or wrong one answers 400
 * ERR_INVALID_CURRENT_PASSWORD and changes nothing. A change ends every other
 * session of the user, and this browser goes on: the answer carries a new
 * access token and sets a new refresh cookie. Guessing it ends the session.
 */
import { auth as authConstants } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.js";
import { buildTenant, login, PASSWORD } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { editUser, refreshCookieOf, refreshWith } from "../../../test/sessions.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const emailOf = async (id: number) =>
  (await s.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;
const loginStatus = async (email: string, password: string) =>
  (await s.request({ method: "POST", path: "/auth/login", body: { email, password } })).statusCode;

describe("changing one's own password or email", () => {
  const changes = [
    ["password", { password: "Fresh1234" }],
    ["email", { email: "moved-elsewhere@example.com" }],
  ] as const;

  it.each(changes)("%s: without or with a wrong current password, 400 and nothing changes", async (_, change) => {
    const { agent } = await buildTenant(s);
    const session = await login(s, agent.email);
    for (const currentPassword of [undefined, "", "Wrong999"]) {
      const res = await editUser(s, session.token, agent, { ...change, name: "Not Saved", currentPassword });
      expect(res.statusCode, String(currentPassword)).toBe(400);
      expect(res.json()).toEqual({ error: "ERR_INVALID_CURRENT_PASSWORD" });
    }
    expect(await emailOf(agent.id)).toBe(agent.email);
    const me = await s.request({ path: "/auth/me", token: session.token });
    expect(me.json()).toMatchObject({ name: agent.name, email: agent.email });
    expect(await loginStatus(agent.email, PASSWORD)).toBe(200);
  });

  it("password with the right current password: the other sessions end, this browser goes on", async () => {
    const { agent } = await buildTenant(s);
    const here = await login(s, agent.email);
    const res = await editUser(s, here.token, agent, { password: "Fresh1234", currentPassword: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; id: number }>();
    expect(body.id).toBe(agent.id);

    // Whoever held this session's tokens (a copy, another tab's stale cookie) is out.
    expect((await s.request({ path: "/auth/me", token: here.token })).statusCode).toBe(401);
    expect((await refreshWith(s, here.refresh)).statusCode).toBe(401);
    // This browser: the answer's token works, and the new cookie refreshes.
    expect((await s.request({ path: "/auth/me", token: body.token })).statusCode).toBe(200);
    const cookie = refreshCookieOf(res);
    expect(cookie).toEqual(expect.any(String));
    expect((await refreshWith(s, cookie!)).statusCode).toBe(200);
    expect(await loginStatus(agent.email, "Fresh1234")).toBe(200);
  });

  it("email with the right current password: saved, and the session renewed as for a password", async () => {
    const { agent } = await buildTenant(s);
    const here = await login(s, agent.email);
    const res = await editUser(s, here.token, agent, { email: "Moved-Here@Example.com", currentPassword: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(await emailOf(agent.id)).toBe("moved-here@example.com");
    expect((await s.request({ path: "/auth/me", token: here.token })).statusCode).toBe(401);
    expect((await s.request({ path: "/auth/me", token: res.json<{ token: string }>().token })).statusCode).toBe(200);
  });

  it(`guessing it: the ${authConstants.currentPasswordMaxFailures}th wrong answer ends the session, parallel guesses too`, async () => {
    const { agent } = await buildTenant(s);
    const stolen = await login(s, agent.email);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        editUser(s, stolen.token, agent, { password: "Taken1234", currentPassword: `Guess${i}` }),
      ),
    );
    const codes = guesses.map((g) => g.json<{ error: string }>().error);
    expect(codes.filter((c) => c === "ERR_INVALID_CURRENT_PASSWORD")).toHaveLength(
      authConstants.currentPasswordMaxFailures - 1,
    );
    expect(codes.filter((c) => c === "ERR_SESSION_EXPIRED")).toHaveLength(
      12 - authConstants.currentPasswordMaxFailures + 1,
    );
    expect((await s.request({ path: "/auth/me", token: stolen.token })).statusCode).toBe(401);
    expect((await refreshWith(s, stolen.refresh)).statusCode).toBe(401);
    // The owner signs in again, and the count starts over.
    const owner = await login(s, agent.email);
    const res = await editUser(s, owner.token, agent, { password: "Mine12345", currentPassword: PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it("an admin editing themself needs it too", async () => {
    const { admin } = await buildTenant(s);
    const res = await editUser(s, admin.token, admin, { password: "Fresh1234" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_INVALID_CURRENT_PASSWORD" });
    expect(await loginStatus(admin.email, PASSWORD)).toBe(200);
  });

  it("named choice: renaming oneself, or the email in other letter case, needs no password and keeps the session", async () => {
    const { agent } = await buildTenant(s);
    const res = await editUser(s, agent.token, agent, { name: "Renamed Self", email: agent.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty("token");
    expect(refreshCookieOf(res)).toBeUndefined();
    expect((await s.request({ path: "/auth/me", token: agent.token })).json()).toMatchObject({ name: "Renamed Self" });
  });

  it("an administrator changing another user's email needs only their own session", async () => {
    const { admin, agent } = await buildTenant(s);
    const res = await editUser(s, admin.token, agent, { email: "given-by-admin@example.com" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty("token");
    expect(await emailOf(agent.id)).toBe("given-by-admin@example.com");
  });
});
