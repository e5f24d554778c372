/**
 * Refresh tokens are single-use with reuse detection (issue 10 item 3): each
 * rotation records the new token's jti on the user; a token rotated away that
 * comes back within the grace (two tabs refreshing together) gets the
 * session's current tokens, and after it ends the session: someone else
 * holds a copy.
 */
import { auth as authConstants } from "@balcao/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.js";
import { buildTenant, login } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { refreshCookieOf, refreshWith } from "../../../test/sessions.js";
import { connectSocket, disconnected } from "../../../test/sockets.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const userRow = async (id: number) => (await s.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

/** What the grace's end looks like: the current token was issued longer ago than the grace. */
const afterGrace = (userId: number) =>
  s.ctx.db
    .update(users)
    .set({ refreshIssuedAt: sql`now() - make_interval(secs => ${authConstants.refreshReuseGraceSeconds + 1})` })
    .where(eq(users.id, userId));

describe("refresh token rotation", () => {
  it("records the current token's id on the user at login and at each rotation", async () => {
    const { agent } = await buildTenant(s);
    const session = await login(s, agent.email);
    const atLogin = (await userRow(agent.id)).refreshJti;
    expect(atLogin).toEqual(expect.any(String));
    const rotated = await refreshWith(s, session.refresh);
    expect(rotated.statusCode).toBe(200);
    const row = await userRow(agent.id);
    expect(row.previousRefreshJti).toBe(atLogin);
    expect(row.refreshJti).not.toBe(atLogin);
  });

  it(`within ${authConstants.refreshReuseGraceSeconds} s of its rotation, the old token gets the session's current tokens`, async () => {
    const { agent } = await buildTenant(s);
    const session = await login(s, agent.email);
    const first = await refreshWith(s, session.refresh);
    const second = await refreshWith(s, session.refresh);
    expect(second.statusCode).toBe(200);
    // The same current refresh token: whichever answer the browser keeps last, its cookie is current.
    expect(refreshCookieOf(second)).toBe(refreshCookieOf(first));
    expect((await s.request({ path: "/auth/me", token: second.json<{ token: string }>().token })).statusCode).toBe(200);
    expect((await refreshWith(s, refreshCookieOf(second)!)).statusCode).toBe(200);
  });

  it("tabs refreshing together with one cookie all succeed and agree on the cookie", async () => {
    const { agent } = await buildTenant(s);
    const session = await login(s, agent.email);
    const answers = await Promise.all(Array.from({ length: 6 }, () => refreshWith(s, session.refresh)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map(refreshCookieOf)).size).toBe(1);
    expect((await refreshWith(s, refreshCookieOf(answers[0]!)!)).statusCode).toBe(200);
  });

  it("after the grace, the old token ends the whole session: 401, the current tokens stop, sockets drop", async () => {
    const { agent } = await buildTenant(s);
    const session = await login(s, agent.email);
    const current = await refreshWith(s, session.refresh);
    const currentToken = current.json<{ token: string }>().token;
    const socket = await connectSocket(s, currentToken);
    const drop = disconnected(socket);
    await afterGrace(agent.id);

    const reuse = await refreshWith(s, session.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ error: "ERR_INVALID_REFRESH_TOKEN" });
    expect(refreshCookieOf(reuse)).toBe("");
    expect(await drop).toBe("io server disconnect");
    expect((await refreshWith(s, refreshCookieOf(current)!)).statusCode).toBe(401);
    const me = await s.request({ path: "/auth/me", token: currentToken });
    expect(me.statusCode).toBe(401);
    expect((await userRow(agent.id)).sessionId).toBeNull();
    // The password still signs in: a new session.
    expect((await login(s, agent.email)).token).toEqual(expect.any(String));
  });

  it("a token rotated twice ago ends the session even within the grace", async () => {
    const { agent } = await buildTenant(s);
    const session = await login(s, agent.email);
    const second = await refreshWith(s, session.refresh);
    const third = await refreshWith(s, refreshCookieOf(second)!);
    expect(third.statusCode).toBe(200);
    expect((await refreshWith(s, session.refresh)).statusCode).toBe(401);
    expect((await refreshWith(s, refreshCookieOf(third)!)).statusCode).toBe(401);
  });

  it("a session from before single-use tokens (none recorded) refreshes, two tabs at once alike", async () => {
    const { agent } = await buildTenant(s);
    const session = await login(s, agent.email);
    await s.ctx.db.update(users).set({ refreshJti: null, refreshIssuedAt: null }).where(eq(users.id, agent.id));
    const answers = await Promise.all([refreshWith(s, session.refresh), refreshWith(s, session.refresh)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(refreshCookieOf(answers[0])).toBe(refreshCookieOf(answers[1]));
  });

  it("a token of an earlier, already ended session leaves the current session alone", async () => {
    const { agent } = await buildTenant(s);
    const earlier = await login(s, agent.email);
    const current = await login(s, agent.email);
    expect((await refreshWith(s, earlier.refresh)).statusCode).toBe(401);
    expect((await refreshWith(s, current.refresh)).statusCode).toBe(200);
  });
});
