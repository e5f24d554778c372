/**
 * The bad-input walk of the Socket.IO events the server listens to (issue 19
 * item 4; room-protocol.ts, realtime.ts): every event of the protocol, and one
 * it does not know, with arguments of the wrong type, ids past the integer
 * columns, NUL characters, lone surrogates, long strings, several arguments,
 * an acknowledgement that is not a function, and none at all. Each one with an
 * acknowledgement is answered with `{error: <catalogue code>}` (the argument
 * is refused, never a server fault), nothing is left unhandled, and the server
 * goes on serving: the same socket joins a room afterwards, as does a new one.
 */
import { errorStatus, roomEvents } from "@balcao/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildContact, buildTicket } from "../../test/conversations.js";
import { buildTenant } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { closeAllSockets, connectSocket, disconnected, joinRoom, roomEvent } from "../../test/sockets.js";

let s: TestServer;
const unhandled: unknown[] = [];
const keep = (reason: unknown) => void unhandled.push(reason);
beforeAll(async () => {
  process.on("unhandledRejection", keep);
  s = await startTestServer();
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  process.off("unhandledRejection", keep);
  await s.close();
});

const long = "9".repeat(100_000);
/** Arguments no event of the protocol takes. */
const badArgs: unknown[] = [
  2 ** 31,
  "2147483648",
  2 ** 53,
  "9007199254740993",
  1e300,
  -1,
  0,
  1.5,
  "1.5",
  "a\u0000b",
  "1\u0000",
  "\ud800",
  long,
  { ticketId: 2 ** 31 },
  { ticketId: "2147483648" },
  { ticketId: "1\u0000" },
  { ticketId: ["1"] },
  { ticketId: { ticketId: 1 } },
  { ticketId: long },
  { status: 1 },
  { status: "open\u0000" },
  { status: ["open"] },
  { status: long },
  { ["__proto__"]: { ticketId: 1 } },
  [],
  [1, 2],
  null,
  true,
  "",
  {},
];

/** The events whose argument names a ticket or a list: every bad argument is refused. */
const argumentEvents = [
  roomEvents.joinChatBox,
  roomEvents.leaveChatBox,
  roomEvents.joinTickets,
  roomEvents.leaveTickets,
];

const describeArg = (arg: unknown) => JSON.stringify(arg)?.slice(0, 40) ?? String(arg);

describe("Socket.IO events with bad arguments", () => {
  it("answer ERR_VALIDATION where the argument matters, and no event faults", { timeout: 60_000 }, async () => {
    const t = await buildTenant(s);
    const faults: string[] = [];
    // A socket per event: one socket's events are paced (realtimeLimits.eventBurst), and the walk is not a flood.
    for (const event of argumentEvents) {
      const socket = await connectSocket(s, t.admin.token);
      for (const arg of badArgs) {
        const answer = await roomEvent(socket, event, arg);
        if (answer.error !== "ERR_VALIDATION") faults.push(`${event} ${describeArg(arg)}: ${JSON.stringify(answer)}`);
      }
      expect(socket.connected).toBe(true);
    }
    // The notification room takes no argument: whatever comes with it is ignored.
    for (const event of [roomEvents.joinNotification, roomEvents.leaveNotification]) {
      const socket = await connectSocket(s, t.admin.token);
      for (const arg of badArgs) {
        const answer = await roomEvent(socket, event, arg);
        if (answer.error !== undefined || !(answer.joined || answer.left))
          faults.push(`${event} ${describeArg(arg)}: ${JSON.stringify(answer)}`);
      }
      expect(socket.connected).toBe(true);
    }
    expect(faults).toEqual([]);
  });

  it("an answer is a catalogue code even for a ticket that does not exist or another company's", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const contact = await buildContact(s, other.company.id);
    const foreign = await buildTicket(s, { companyId: other.company.id, contactId: contact.id });
    const socket = await connectSocket(s, t.admin.token);
    for (const ticketId of [2 ** 31 - 1, foreign.id]) {
      const answer = await roomEvent(socket, roomEvents.joinChatBox, { ticketId });
      expect(answer.joined, `ticket ${ticketId}`).toBeUndefined();
      expect(Object.keys(errorStatus)).toContain(answer.error);
    }
  });

  it("without an acknowledgement, with one that is not a function, or with many arguments, nothing breaks", async () => {
    const t = await buildTenant(s);
    // A socket per event and form, each within its burst (realtimeLimits.eventBurst).
    const forms = [
      (arg: unknown) => [arg],
      (arg: unknown) => [arg, 42],
      (arg: unknown) => [arg, "ack", { ticketId: 1 }, null],
    ];
    for (const event of [...Object.values(roomEvents), "walkUnknownEvent"]) {
      for (const form of forms) {
        const socket = await connectSocket(s, t.admin.token);
        for (const arg of badArgs) socket.emit(event, ...form(arg));
        // The same socket is still served, in order after all of the above.
        await joinRoom(socket, roomEvents.joinTickets, "open");
        expect(socket.connected).toBe(true);
      }
    }
    expect(unhandled).toEqual([]);
  });

  it("a message over Socket.IO's size limit drops only that socket", async () => {
    const t = await buildTenant(s);
    const socket = await connectSocket(s, t.admin.token);
    const gone = disconnected(socket);
    socket.emit(roomEvents.joinChatBox, { ticketId: "9".repeat(2_000_000) });
    expect(await gone).toBe("transport close");
    const next = await connectSocket(s, t.admin.token);
    await joinRoom(next, roomEvents.joinNotification);
    expect((await s.request({ path: "/tickets", token: t.admin.token })).statusCode).toBe(200);
    expect(unhandled).toEqual([]);
  });
});
