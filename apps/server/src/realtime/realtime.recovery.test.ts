/**
 * Connection-state recovery (issue 29 item 3). A socket that lost its
 * transport comes back with its old session id and offset; it gets its rooms
 * and the events it missed only when the new handshake's token is verified
 * for the same user and what that user may see is unchanged. Otherwise it is
 * refused, or starts fresh (the web client then joins its rooms again and
 * reads its pages anew). `wireEvents` sees what reaches the client even
 * before the server accepts it.
 */
import { channels, rooms } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { buildCloudConnection, cloudServerPerFile } from "../../test/cloud-connection.js";
import { buildContact, buildTicket } from "../../test/conversations.js";
import { buildQueue, buildTenant, buildUser, login } from "../../test/factories.js";
import type { FakeGraph } from "../../test/fake-graph.js";
import type { TestServer } from "../../test/harness.js";
import { createIntegration, n8nIntegration } from "../../test/queue-integrations.js";
import { editUser } from "../../test/sessions.js";
import {
  connectSocket,
  dropTransport,
  flush,
  joinRoom,
  reconnectWith,
  record,
  wireEvents,
} from "../../test/sockets.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

/** A company whose agent serves one queue, and a customer waiting in it. */
async function scene() {
  const t = await buildTenant(s);
  const companyId = t.company.id;
  const queue = await buildQueue(s, companyId);
  const user = await buildUser(s, { companyId, queueIds: [queue.id] });
  const agent = { ...user, ...(await login(s, user.email)) };
  const wa = await buildCloudConnection(s, fake, companyId);
  const contact = await buildContact(s, companyId);
  await buildTicket(s, { companyId, contactId: contact.id, whatsappId: wa.id, status: "pending", queueId: queue.id });
  const writes = async (text: string) => {
    const res = await fake.customerMessage({ phoneNumberId: wa.cloudPhoneNumberId, from: contact.number, text });
    expect(res.status, res.body).toBe(200);
  };
  const conversation = [channels.appMessage(companyId), channels.ticket(companyId)];
  return { t, companyId, agent, writes, conversation };
}

/** The agent's workspace (status lists and notifications joined), then a network failure. */
async function droppedDesk(token: string, userId: number) {
  const socket = await connectSocket(s, token);
  for (const status of ["open", "pending", "closed"]) await joinRoom(socket, "joinTickets", { status });
  await joinRoom(socket, "joinNotification");
  // Recovery resumes from the last event the client received.
  await flush(s, socket);
  const wire = wireEvents(socket);
  await dropTransport(s, socket, userId);
  return { socket, wire };
}

const bodies = (seen: { message: { body: string } }[]) => seen.map((m) => m.message.body);

describe("a socket back within the recovery window", () => {
  it("with its user's valid token: keeps its rooms and gets what it missed", async () => {
    const c = await scene();
    const { socket } = await droppedDesk(c.agent.token, c.agent.id);
    await c.writes("enquanto fora");
    const seen = record<{ message: { body: string } }>(socket, channels.appMessage(c.companyId));

    expect(await reconnectWith(socket, c.agent.token)).toBeUndefined();
    expect(socket.recovered).toBe(true);
    await c.writes("de volta");
    await flush(s, socket);
    expect(bodies(seen)).toEqual(["enquanto fora", "de volta"]);
  });

  it("with a garbage token: refused, and nothing it missed reaches it; its user still recovers it", async () => {
    const c = await scene();
    const { socket, wire } = await droppedDesk(c.agent.token, c.agent.id);
    await c.writes("segredo");

    expect(await reconnectWith(socket, "garbage")).toBe("ERR_SESSION_EXPIRED");
    expect(wire.filter((e) => c.conversation.includes(e))).toEqual([]);

    const seen = record<{ message: { body: string } }>(socket, channels.appMessage(c.companyId));
    expect(await reconnectWith(socket, c.agent.token)).toBeUndefined();
    expect(socket.recovered).toBe(true);
    await flush(s, socket);
    expect(bodies(seen)).toEqual(["segredo"]);
  });

  it.each([
    [
      "deleted",
      (c: Awaited<ReturnType<typeof scene>>) =>
        s.request({ method: "DELETE", path: `/users/${c.agent.id}`, token: c.t.admin.token }),
    ],
    [
      "logged out",
      (c: Awaited<ReturnType<typeof scene>>) =>
        s.request({ method: "DELETE", path: "/auth/logout", token: c.agent.token }),
    ],
  ])("whose user was %s meanwhile: refused, and nothing it missed reaches it", async (_, end) => {
    const c = await scene();
    const { socket, wire } = await droppedDesk(c.agent.token, c.agent.id);
    expect((await end(c)).statusCode).toBeLessThan(300);
    await c.writes("mensagem nova");

    expect(await reconnectWith(socket, c.agent.token)).toBe("ERR_SESSION_EXPIRED");
    expect(wire.filter((e) => c.conversation.includes(e))).toEqual([]);
  });

  it("with another user's token: starts fresh, without the first user's rooms or missed events", async () => {
    const c = await scene();
    const { socket, wire } = await droppedDesk(c.agent.token, c.agent.id);
    await c.writes("para a fila");
    const other = await buildUser(s, { companyId: c.companyId });

    expect(await reconnectWith(socket, (await login(s, other.email)).token)).toBeUndefined();
    await c.writes("ainda para a fila");
    await flush(s, socket);
    expect(wire.filter((e) => c.conversation.includes(e))).toEqual([]);
    expect(socket.recovered).toBe(false);
  });

  it("whose user was taken off the queue meanwhile: starts fresh, without that queue's new message", async () => {
    const c = await scene();
    const { socket, wire } = await droppedDesk(c.agent.token, c.agent.id);
    const res = await editUser(s, c.t.admin.token, c.agent, { queueIds: [] });
    expect(res.statusCode, res.body).toBe(200);
    await c.writes("só para a fila");

    expect(await reconnectWith(socket, (await login(s, c.agent.email)).token)).toBeUndefined();
    await c.writes("de novo para a fila");
    await flush(s, socket);
    expect(wire.filter((e) => c.conversation.includes(e))).toEqual([]);
    expect(socket.recovered).toBe(false);
  });

  it("of an admin demoted meanwhile: no admins room, no integration's signing secret", async () => {
    const c = await scene();
    const boss = await buildUser(s, { companyId: c.companyId, profile: "admin" });
    const bossToken = (await login(s, boss.email)).token;
    const { socket, wire } = await droppedDesk(c.t.admin.token, c.t.admin.id);
    const demoted = await editUser(s, bossToken, c.t.admin, { profile: "user" });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await createIntegration(s, bossToken, n8nIntegration())).statusCode).toBe(200);

    // The web client's refresh after the refusal of the old token gives a token of the new profile.
    expect(await reconnectWith(socket, (await login(s, c.t.admin.email)).token)).toBeUndefined();
    expect((await createIntegration(s, bossToken, n8nIntegration({ name: "Outro" }))).statusCode).toBe(200);
    await flush(s, socket);
    expect(wire).not.toContain(channels.queueIntegration(c.companyId));
    const [me] = await s.ctx.realtime.io.in(rooms.user(c.t.admin.id)).fetchSockets();
    expect([...me!.rooms]).not.toContain(rooms.admins(c.companyId));
    expect(socket.recovered).toBe(false);
  });
});
