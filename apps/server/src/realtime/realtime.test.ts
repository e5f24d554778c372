/** Socket.IO: token auth, company isolation, the join/leave protocol and presence (core-platform §7.9). */
import { rooms, type MessageDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import jwt from "jsonwebtoken";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { appSecrets, users } from "../db/schema/index.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { buildTenant } from "../../test/factories.js";
import {
  closeAllSockets,
  connectSocket,
  flush,
  inRoom,
  nextEvent,
  record,
  refusedSocket,
  until,
  type ClientSocket,
} from "../../test/sockets.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s.close();
});

const isOnline = async (id: number) =>
  (await s.ctx.db.select({ online: users.online }).from(users).where(eq(users.id, id)))[0]?.online;

/** Two companies, each with a connected agent socket. */
async function twoCompanies() {
  const a = await buildTenant(s);
  const b = await buildTenant(s);
  return { a, b, socketA: await connectSocket(s, a.agent.token), socketB: await connectSocket(s, b.agent.token) };
}

describe("connection", () => {
  it("refuses a socket without a token, with a bad token or with an expired token", async () => {
    const { agent } = await buildTenant(s);
    const [secret] = await s.ctx.db.select().from(appSecrets).where(eq(appSecrets.key, "jwt_secret"));
    const { iat: _iat, exp: _exp, ...claims } = jwt.decode(agent.token) as jwt.JwtPayload;
    const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 5 }, secret!.value);

    expect(await refusedSocket(s, {})).toBe("ERR_SESSION_EXPIRED");
    expect(await refusedSocket(s, { token: "garbage" })).toBe("ERR_SESSION_EXPIRED");
    expect(await refusedSocket(s, { token: expired })).toBe("ERR_SESSION_EXPIRED");
    // The same claims, still valid, connect.
    const fresh = jwt.sign(claims, secret!.value, { expiresIn: 60 });
    expect((await connectSocket(s, fresh)).connected).toBe(true);
  });

  it("uses 18000 ms ping interval and timeout, as the client is told in the handshake", async () => {
    const engineOpts = s.ctx.realtime.io.engine.opts;
    expect(engineOpts.pingInterval).toBe(18_000);
    expect(engineOpts.pingTimeout).toBe(18_000);
    const { agent } = await buildTenant(s);
    const socket = await connectSocket(s, agent.token);
    // engine.io-client keeps the handshake's values in these (untyped, private) fields.
    const engine = socket.io.engine as unknown as { _pingInterval: number; _pingTimeout: number };
    expect(engine._pingInterval).toBe(18_000);
    expect(engine._pingTimeout).toBe(18_000);
  });

  it("puts a socket in its company room and its user room", async () => {
    const { company, agent } = await buildTenant(s);
    const socket = await connectSocket(s, agent.token);
    await inRoom(s, socket, rooms.company(company.id));
    await inRoom(s, socket, rooms.user(agent.id));
  });
});

describe("company isolation", () => {
  it("delivers a company event to that company's sockets only", async () => {
    const { a, socketA, socketB } = await twoCompanies();
    const leaked = record(socketB, `company-${a.company.id}-ticket`);
    const got = nextEvent(socketA, `company-${a.company.id}-ticket`);
    s.ctx.realtime.emit("ticket", { companyId: a.company.id }, { action: "delete", ticketId: 7 });
    expect(await got).toEqual({ action: "delete", ticketId: 7 });
    await flush(s, socketB);
    expect(leaked).toEqual([]);
  });

  const cases: [string, (socket: ClientSocket) => void, (companyId: number) => string][] = [
    ["joinChatBox", (so) => so.emit("joinChatBox", 42), (c) => rooms.chatBox(c, 42)],
    ["joinChatBox (string id)", (so) => so.emit("joinChatBox", "42"), (c) => rooms.chatBox(c, "42")],
    ["joinNotification", (so) => so.emit("joinNotification"), (c) => rooms.notification(c)],
    ["joinTickets", (so) => so.emit("joinTickets", "pending"), (c) => rooms.tickets(c, "pending")],
  ];
  it.each(cases)("%s joins a room inside the socket's own company only", async (_, join, room) => {
    const { a, b, socketA, socketB } = await twoCompanies();
    join(socketA);
    join(socketB);
    await inRoom(s, socketA, room(a.company.id));
    await inRoom(s, socketB, room(b.company.id));
    const leaked = record(socketB, `company-${a.company.id}-appMessage`);
    const got = nextEvent(socketA, `company-${a.company.id}-appMessage`);

    s.ctx.realtime.emit(
      "appMessage",
      { companyId: a.company.id, room: room(a.company.id) },
      { action: "create", message: { body: "hi" } as MessageDto },
    );

    expect(await got).toEqual({ action: "create", message: { body: "hi" } });
    await flush(s, socketB);
    expect(leaked).toEqual([]);
  });

  it("leave* events leave the room again", async () => {
    const { a } = await twoCompanies();
    const socket = await connectSocket(s, a.admin.token);
    const pairs: [string, string, unknown][] = [
      ["joinChatBox", "leaveChatBox", 9],
      ["joinNotification", "leaveNotification", undefined],
      ["joinTickets", "leaveTickets", "open"],
    ];
    for (const [join, leave, arg] of pairs) {
      const room =
        join === "joinChatBox"
          ? rooms.chatBox(a.company.id, 9)
          : join === "joinNotification"
            ? rooms.notification(a.company.id)
            : rooms.tickets(a.company.id, "open");
      socket.emit(join, arg);
      await inRoom(s, socket, room);
      socket.emit(leave, arg);
      await inRoom(s, socket, room, false);
    }
  });

  it("ignores joinTickets with an unknown status", async () => {
    const { a, socketA } = await twoCompanies();
    socketA.emit("joinTickets", "../../company:1");
    socketA.emit("joinTickets", { status: "open" });
    await flush(s, socketA);
    const joined = [...(await s.ctx.realtime.io.in(rooms.company(a.company.id)).fetchSockets())].find(
      (so) => so.id === socketA.id,
    );
    expect([...joined!.rooms].sort()).toEqual(
      [socketA.id, rooms.company(a.company.id), rooms.user(a.agent.id), rooms.platform()].sort(),
    );
  });
});

describe("presence", () => {
  it("marks the user online on connect and on userStatus, offline when the last socket leaves", async () => {
    const { agent } = await buildTenant(s);
    const first = await connectSocket(s, agent.token);
    await until(async () => (await isOnline(agent.id)) === true);

    await s.ctx.db.update(users).set({ online: false }).where(eq(users.id, agent.id));
    first.emit("userStatus");
    await until(async () => (await isOnline(agent.id)) === true);

    const second = await connectSocket(s, agent.token);
    first.close();
    // Another tab is still connected: still online.
    await new Promise((r) => setTimeout(r, 200));
    expect(await isOnline(agent.id)).toBe(true);

    second.close();
    await until(async () => (await isOnline(agent.id)) === false);
  });
});
