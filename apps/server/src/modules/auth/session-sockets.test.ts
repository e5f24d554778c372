/**
 * Sockets end when their session ends (issue 10 item 2): whatever ends a
 * session, removes a user, switches a company off or lets it expire drops the
 * affected sockets at once, and their handshake is refused after; a change of
 * what a user may see drops them so they reconnect (with the same token, when
 * it is still good); a socket lives no longer than its access token.
 */
import { eq } from "drizzle-orm";
import jwt from "jsonwebtoken";
import { describe, expect, it } from "vitest";
import { appSecrets, companies } from "../../db/schema/index.js";
import { buildQueue, buildTenant, login, PASSWORD } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { editCompany, editUser, outboxCode, refreshWith } from "../../../test/sessions.js";
import { connectSocket, disconnected, flush, nextEvent, refusedSocket } from "../../../test/sockets.js";
import { addDays, isoDate } from "../companies/subscription.js";

const SWEEP_MS = 200;
let s: TestServer;
serverPerFile((started) => (s = started), undefined, { companySweepMs: SWEEP_MS });

const SERVER_DROPPED = "io server disconnect";

/** A tenant whose agent has a live socket, and a socket of another company that must stay. */
async function connected() {
  const tenant = await buildTenant(s);
  const bystander = await buildTenant(s);
  return {
    ...tenant,
    socket: await connectSocket(s, tenant.agent.token),
    other: await connectSocket(s, bystander.agent.token),
  };
}

async function expectStillConnected(socket: Awaited<ReturnType<typeof connectSocket>>) {
  await flush(s, socket);
  expect(socket.connected).toBe(true);
}

describe("an ended session drops its sockets at once; their handshake is refused after", () => {
  it("logout", async () => {
    const { agent, socket, other } = await connected();
    const drop = disconnected(socket);
    await s.request({ method: "DELETE", path: "/auth/logout", token: agent.token });
    expect(await drop).toBe(SERVER_DROPPED);
    expect(await refusedSocket(s, { token: agent.token })).toBe("ERR_SESSION_EXPIRED");
    await expectStillConnected(other);
  });

  it("a new login: the old browser hears company-{id}-auth first, then its socket drops", async () => {
    const { company, agent, socket } = await connected();
    const heard = nextEvent(socket, `company-${company.id}-auth`);
    const drop = disconnected(socket);
    const second = await login(s, agent.email);
    expect(await heard).toEqual({ user: { id: agent.id } });
    expect(await drop).toBe(SERVER_DROPPED);
    expect(await refusedSocket(s, { token: agent.token })).toBe("ERR_SESSION_EXPIRED");
    expect((await connectSocket(s, second.token)).connected).toBe(true);
  });

  it("a password reset by mailed code", async () => {
    const { agent, socket, other } = await connected();
    const drop = disconnected(socket);
    await s.request({ method: "POST", path: `/forgetpassword/${agent.email}` });
    const code = await outboxCode(s, agent.email);
    const reset = await s.request({ method: "POST", path: `/resetpasswords/${agent.email}/${code}/Reset1Pass` });
    expect(reset.statusCode).toBe(200);
    expect(await drop).toBe(SERVER_DROPPED);
    expect(await refusedSocket(s, { token: agent.token })).toBe("ERR_SESSION_EXPIRED");
    await expectStillConnected(other);
  });

  it("an administrator setting the user's password", async () => {
    const { admin, agent, socket } = await connected();
    const drop = disconnected(socket);
    expect((await editUser(s, admin.token, agent, { password: "Other123" })).statusCode).toBe(200);
    expect(await drop).toBe(SERVER_DROPPED);
    expect(await refusedSocket(s, { token: agent.token })).toBe("ERR_SESSION_EXPIRED");
  });

  it("one's own password change: the old token is refused, the answer's new token connects", async () => {
    const { agent, socket } = await connected();
    const drop = disconnected(socket);
    const res = await editUser(s, agent.token, agent, { password: "Mine1234", currentPassword: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(await drop).toBe(SERVER_DROPPED);
    expect(await refusedSocket(s, { token: agent.token })).toBe("ERR_SESSION_EXPIRED");
    expect((await connectSocket(s, res.json<{ token: string }>().token)).connected).toBe(true);
  });

  it("the user's deletion: the company-{id}-user delete event arrives first, then the socket drops", async () => {
    const { company, admin, agent, socket, other } = await connected();
    const heard = nextEvent(socket, `company-${company.id}-user`);
    const drop = disconnected(socket);
    await s.request({ method: "DELETE", path: `/users/${agent.id}`, token: admin.token });
    expect(await heard).toEqual({ action: "delete", userId: agent.id });
    expect(await drop).toBe(SERVER_DROPPED);
    expect(await refusedSocket(s, { token: agent.token })).toBe("ERR_SESSION_EXPIRED");
    await expectStillConnected(other);
  });
});

describe("a change of what the user may see drops the sockets, which reconnect", () => {
  it("profile: the old token is refused at the handshake (stale), the refreshed one connects", async () => {
    const { admin, agent } = await buildTenant(s);
    const session = await login(s, agent.email);
    const socket = await connectSocket(s, session.token);
    const drop = disconnected(socket);
    expect((await editUser(s, admin.token, agent, { profile: "admin" })).statusCode).toBe(200);
    expect(await drop).toBe(SERVER_DROPPED);
    expect(await refusedSocket(s, { token: session.token })).toBe("ERR_SESSION_EXPIRED");
    const refreshed = await refreshWith(s, session.refresh);
    expect((await connectSocket(s, refreshed.json<{ token: string }>().token)).connected).toBe(true);
  });

  it("queues: the same token connects again", async () => {
    const { company, admin, agent, socket } = await connected();
    const queue = await buildQueue(s, company.id);
    const drop = disconnected(socket);
    expect((await editUser(s, admin.token, agent, { queueIds: [queue.id] })).statusCode).toBe(200);
    expect(await drop).toBe(SERVER_DROPPED);
    expect((await connectSocket(s, agent.token)).connected).toBe(true);
  });

  it("allTicket: the same token connects again", async () => {
    const { admin, agent, socket } = await connected();
    const drop = disconnected(socket);
    expect((await editUser(s, admin.token, agent, { allTicket: "enabled" })).statusCode).toBe(200);
    expect(await drop).toBe(SERVER_DROPPED);
    expect((await connectSocket(s, agent.token)).connected).toBe(true);
  });

  it("named choice: saving a user with the same profile, queues and allTicket keeps the sockets", async () => {
    const { company, admin, agent } = await buildTenant(s);
    const queue = await buildQueue(s, company.id);
    const same = { profile: "user", allTicket: "desabled", queueIds: [queue.id] };
    expect((await editUser(s, admin.token, agent, same)).statusCode).toBe(200);
    const socket = await connectSocket(s, agent.token);
    expect((await editUser(s, admin.token, agent, { ...same, name: "Renamed Agent" })).statusCode).toBe(200);
    await expectStillConnected(socket);
  });
});

describe("the company", () => {
  it("switched off: its sockets drop at once and the handshake says ERR_COMPANY_INACTIVE", async () => {
    const { company, admin, agent, socket, other } = await connected();
    const adminSocket = await connectSocket(s, admin.token);
    const drops = [disconnected(socket), disconnected(adminSocket)];
    expect((await editCompany(s, company.id, { status: false })).statusCode).toBe(200);
    expect(await Promise.all(drops)).toEqual([SERVER_DROPPED, SERVER_DROPPED]);
    expect(await refusedSocket(s, { token: agent.token })).toBe("ERR_COMPANY_INACTIVE");
    await expectStillConnected(other);
  });

  it("given a past due date: its sockets drop at once, the handshake says ERR_SUBSCRIPTION_EXPIRED", async () => {
    const { company, agent, socket, other } = await connected();
    const drop = disconnected(socket);
    const yesterday = isoDate(addDays(new Date(), -1));
    expect((await editCompany(s, company.id, { dueDate: yesterday })).statusCode).toBe(200);
    expect(await drop).toBe(SERVER_DROPPED);
    expect(await refusedSocket(s, { token: agent.token })).toBe("ERR_SUBSCRIPTION_EXPIRED");
    await expectStillConnected(other);
  });

  it(`named choice: a due date passing with no edit drops the sockets at the next sweep (every minute; ${SWEEP_MS} ms here)`, async () => {
    const { company, socket, other } = await connected();
    const drop = disconnected(socket, SWEEP_MS * 10);
    // What midnight does: the row is untouched by any service, the date simply passes.
    const yesterday = isoDate(addDays(new Date(), -1));
    await s.ctx.db.update(companies).set({ dueDate: yesterday }).where(eq(companies.id, company.id));
    expect(await drop).toBe(SERVER_DROPPED);
    await expectStillConnected(other);
  });
});

describe("token expiry", () => {
  it("a socket drops when its access token expires, and that token cannot reconnect", async () => {
    const { agent } = await buildTenant(s);
    const [secret] = await s.ctx.db.select().from(appSecrets).where(eq(appSecrets.key, "jwt_secret"));
    const { iat: _iat, exp: _exp, ...claims } = jwt.decode(agent.token) as jwt.JwtPayload;
    const exp = Math.floor(Date.now() / 1000) + 2;
    const shortLived = jwt.sign({ ...claims, exp }, secret!.value, { algorithm: "HS256" });
    const socket = await connectSocket(s, shortLived);
    const drop = disconnected(socket, 4000);
    expect(await drop).toBe(SERVER_DROPPED);
    expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000 - 50);
    expect(await refusedSocket(s, { token: shortLived })).toBe("ERR_SESSION_EXPIRED");
  });
});
