/** Socket.IO: token auth, company isolation, the join/leave protocol and presence (core-platform §7.9). */
import { realtimeLimits, rooms, type MessageDto, type TicketDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import jwt from "jsonwebtoken";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { appSecrets, users } from "../db/schema/index.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { buildTenant } from "../../test/factories.js";
import { buildContact, buildTicket } from "../../test/conversations.js";
import { emitMessage } from "../modules/messages/messages.realtime.js";
import {
  closeAllSockets,
  connectSocket,
  flush,
  inRoom,
  joinRoom,
  nextEvent,
  record,
  refusedSocket,
  roomEvent,
  until,
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

/** A pending ticket without a queue: every admin of its company sees it. */
async function ticketOf(companyId: number) {
  const contact = await buildContact(s, companyId);
  return buildTicket(s, { companyId, contactId: contact.id, status: "pending" });
}

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

  it("joins rooms inside the socket's own company only", async () => {
    const { a, b } = await twoCompanies();
    const socketA = await connectSocket(s, a.admin.token);
    const socketB = await connectSocket(s, b.admin.token);
    const ticketA = await ticketOf(a.company.id);
    await joinRoom(socketA, "joinNotification");
    await joinRoom(socketB, "joinNotification");
    await joinRoom(socketB, "joinTickets", { status: "pending" });
    // Another company's ticket is unknown here, as over HTTP.
    expect(await roomEvent(socketB, "joinChatBox", { ticketId: ticketA.id })).toEqual({ error: "ERR_NO_TICKET_FOUND" });
    const leaked = record(socketB, `company-${a.company.id}-appMessage`);
    const got = nextEvent(socketA, `company-${a.company.id}-appMessage`);

    emitMessage(
      s.ctx,
      "create",
      { body: "hi" } as MessageDto,
      { ...ticketA, contact: undefined } as unknown as TicketDto,
    );

    expect(await got).toMatchObject({ action: "create", message: { body: "hi" } });
    await flush(s, socketB);
    expect(leaked).toEqual([]);
  });

  it("leave* events leave the room again", async () => {
    const { a } = await twoCompanies();
    const socket = await connectSocket(s, a.admin.token);
    const ticket = await ticketOf(a.company.id);
    const got = record(socket, `company-${a.company.id}-appMessage`);
    const pairs: [string, string, unknown][] = [
      ["joinChatBox", "leaveChatBox", { ticketId: ticket.id }],
      ["joinNotification", "leaveNotification", undefined],
      ["joinTickets", "leaveTickets", { status: "pending" }],
    ];
    for (const [join, leave, arg] of pairs) {
      await joinRoom(socket, join, arg);
      expect(await roomEvent(socket, leave, arg)).toEqual({ left: true });
    }
    emitMessage(
      s.ctx,
      "create",
      { body: "hi" } as MessageDto,
      { ...ticket, contact: undefined } as unknown as TicketDto,
    );
    await flush(s, socket);
    expect(got).toEqual([]);
  });
});

describe("room parameters", () => {
  it("takes the spec client's objects and bare ids and statuses", async () => {
    const { a, socketA } = await twoCompanies();
    const admin = await connectSocket(s, a.admin.token);
    const ticket = await ticketOf(a.company.id);
    for (const arg of [{ ticketId: ticket.id }, ticket.id, String(ticket.id), { ticketId: String(ticket.id) }]) {
      expect(await roomEvent(admin, "joinChatBox", arg)).toEqual({ joined: true });
    }
    for (const arg of ["open", { status: "pending" }, "closed", { status: "group" }]) {
      expect(await roomEvent(socketA, "joinTickets", arg)).toEqual({ joined: true });
    }
  });

  it.each([
    ["joinTickets", "../../company:1"],
    ["joinTickets", { status: "archived" }],
    ["joinTickets", { status: ["open"] }],
    ["joinTickets", undefined],
    ["joinChatBox", "42abc"],
    ["joinChatBox", { ticketId: -3 }],
    ["joinChatBox", { ticketId: 1.5 }],
    ["joinChatBox", { ticketId: "1e3" }],
    ["joinChatBox", { id: 42 }],
    ["joinChatBox", null],
    ["leaveChatBox", "x"],
  ])("refuses %s %j with ERR_VALIDATION and joins nothing", async (event, arg) => {
    const { a, socketA } = await twoCompanies();
    expect(await roomEvent(socketA, event, arg)).toEqual({ error: "ERR_VALIDATION" });
    const [me] = (await s.ctx.realtime.io.in(rooms.user(a.agent.id)).fetchSockets()).filter(
      (so) => so.id === socketA.id,
    );
    expect([...me!.rooms].sort()).toEqual(
      [socketA.id, rooms.company(a.company.id), rooms.user(a.agent.id), rooms.platform()].sort(),
    );
  });

  it(`holds at most ${realtimeLimits.roomsPerSocket} rooms per socket`, async () => {
    const { a } = await twoCompanies();
    const admin = await connectSocket(s, a.admin.token);
    const contact = await buildContact(s, a.company.id);
    const many = await Promise.all(
      Array.from({ length: realtimeLimits.roomsPerSocket + 1 }, (_, i) =>
        buildTicket(s, { companyId: a.company.id, contactId: contact.id, status: i === 0 ? "open" : "closed" }),
      ),
    );
    const answers = [];
    for (const t of many) answers.push(await roomEvent(admin, "joinChatBox", { ticketId: t.id }));
    expect(answers.slice(0, -1).every((x) => x.joined)).toBe(true);
    expect(answers.at(-1)).toEqual({ error: "ERR_TOO_MANY_REQUESTS" });
    // Joining one already held is not a new room; leaving one makes space again.
    expect(await roomEvent(admin, "joinChatBox", many[0]!.id)).toEqual({ joined: true });
    await roomEvent(admin, "leaveChatBox", many[0]!.id);
    expect(await roomEvent(admin, "joinChatBox", many.at(-1)!.id)).toEqual({ joined: true });
  });
});

describe("pace", () => {
  it("serves the web client's largest burst whole: userStatus and every room it may hold, sent at connect", async () => {
    const { a } = await twoCompanies();
    const admin = await connectSocket(s, a.admin.token);
    const contact = await buildContact(s, a.company.id);
    const boxes = realtimeLimits.roomsPerSocket - 5;
    const tickets = await Promise.all(
      Array.from({ length: boxes }, () => buildTicket(s, { companyId: a.company.id, contactId: contact.id })),
    );
    const rejoins: [string, unknown][] = [
      ...["open", "pending", "closed", "group"].map((status): [string, unknown] => ["joinTickets", { status }]),
      ["joinNotification", undefined],
      ...tickets.map((t): [string, unknown] => ["joinChatBox", { ticketId: t.id }]),
    ];
    admin.emit("userStatus");
    const answers = await Promise.all(rejoins.map(([event, arg]) => roomEvent(admin, event, arg)));
    expect(answers).toEqual(rejoins.map(() => ({ joined: true })));
    expect(admin.connected).toBe(true);
  });
});

describe("presence", () => {
  /** A report within the interval after a write is written when the interval ends. */
  const written = realtimeLimits.presenceWriteMs + 1500;
  const lastSeen = async (id: number) =>
    (await s.ctx.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, id)))[0]!.at!.getTime();

  it("marks the user online on connect and on userStatus, offline when the last socket leaves", async () => {
    const { agent } = await buildTenant(s);
    const first = await connectSocket(s, agent.token);
    await until(async () => (await isOnline(agent.id)) === true);

    await s.ctx.db.update(users).set({ online: false }).where(eq(users.id, agent.id));
    first.emit("userStatus");
    await until(async () => (await isOnline(agent.id)) === true, written);

    const second = await connectSocket(s, agent.token);
    first.close();
    // Another tab is still connected: still online.
    await new Promise((r) => setTimeout(r, 200));
    expect(await isOnline(agent.id)).toBe(true);

    second.close();
    await until(async () => (await isOnline(agent.id)) === false, written);
  });

  it("writes a user's presence at most once per interval: the last report, when the interval ends", async () => {
    const { agent } = await buildTenant(s);
    const socket = await connectSocket(s, agent.token);
    await until(async () => (await isOnline(agent.id)) === true);
    const connectedAt = await lastSeen(agent.id);

    for (let i = 0; i < 10; i++) socket.emit("userStatus");
    await new Promise((r) => setTimeout(r, 300));
    expect(await lastSeen(agent.id)).toBe(connectedAt);

    await until(async () => (await lastSeen(agent.id)) > connectedAt, written);
    const reportedAt = await lastSeen(agent.id);
    // Ten reports, one write.
    await new Promise((r) => setTimeout(r, written));
    expect(await lastSeen(agent.id)).toBe(reportedAt);
  });
});
