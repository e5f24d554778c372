/**
 * Realtime follows ticket visibility (issue 10 item 1): a socket receives a
 * ticket's events only when its user may open that ticket over HTTP. The
 * customer writes through the fake Graph API; each agent's socket is in the
 * rooms the web workspace joins.
 */
import { channels, type MessageDto, type TicketDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../db/schema/index.js";
import { buildCloudConnection, cloudServerPerFile } from "../../test/cloud-connection.js";
import { buildContact, buildTicket } from "../../test/conversations.js";
import { buildQueue, buildTenant, buildUser, login } from "../../test/factories.js";
import type { FakeGraph } from "../../test/fake-graph.js";
import type { TestServer } from "../../test/harness.js";
import { connectSocket, flush, joinRoom, record, roomEvent } from "../../test/sockets.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

type AppMessage = { action: string; message: MessageDto; ticket: TicketDto };
type TicketEvent = { action: string; ticket?: TicketDto; ticketId?: number };

/** A signed-in person whose workspace is open: status lists and notifications joined, every event recorded. */
async function workspace(companyId: number, token: string) {
  const socket = await connectSocket(s, token);
  for (const status of ["open", "pending", "closed"]) await joinRoom(socket, "joinTickets", { status });
  await joinRoom(socket, "joinNotification");
  return {
    socket,
    messages: record<AppMessage>(socket, channels.appMessage(companyId)),
    tickets: record<TicketEvent>(socket, channels.ticket(companyId)),
  };
}
type Workspace = Awaited<ReturnType<typeof workspace>>;

const bodies = (w: Workspace) => w.messages.map((m) => m.message.body);
const ticketIds = (w: Workspace) => w.tickets.map((t) => t.ticket?.id ?? t.ticketId);

async function company() {
  const t = await buildTenant(s);
  const companyId = t.company.id;
  const queueA = await buildQueue(s, companyId, { name: "Vendas" });
  const queueB = await buildQueue(s, companyId, { name: "Suporte" });
  const person = async (queueIds: number[], allTicket?: string) => {
    const user = await buildUser(s, { companyId, queueIds });
    if (allTicket) await s.ctx.db.update(users).set({ allTicket }).where(eq(users.id, user.id));
    const token = (await login(s, user.email)).token;
    return { ...user, token, desk: await workspace(companyId, token) };
  };
  const wa = await buildCloudConnection(s, fake, companyId);
  const c = {
    t,
    companyId,
    queueA,
    queueB,
    wa,
    agentA: await person([queueA.id]),
    agentB: await person([queueB.id]),
    /** No queue, but allTicket enabled: sees the tickets without a queue. */
    agentAll: await person([], "enabled"),
    admin: { ...t.admin, desk: await workspace(companyId, t.admin.token) },
  };
  const desks = [c.agentA.desk, c.agentB.desk, c.agentAll.desk, c.admin.desk];
  /** A customer with a waiting ticket in a queue (or none). */
  const customer = async (fields: { queueId: number | null; status?: string; userId?: number }) => {
    const contact = await buildContact(s, companyId);
    const ticket = await buildTicket(s, {
      companyId,
      contactId: contact.id,
      whatsappId: wa.id,
      status: "pending",
      ...fields,
    });
    return { contact, ticket };
  };
  const writes = async (number: string, text: string) => {
    const res = await fake.customerMessage({ phoneNumberId: wa.cloudPhoneNumberId, from: number, text });
    expect(res.status, res.body).toBe(200);
    for (const d of desks) await flush(s, d.socket);
  };
  return { ...c, customer, writes, desks };
}

describe("who receives a ticket's events", () => {
  it("a message on a queue-A ticket reaches queue A's agent and the admin only", async () => {
    const c = await company();
    const { contact, ticket } = await c.customer({ queueId: c.queueA.id });

    await c.writes(contact.number, "Quero comprar");

    expect(bodies(c.agentA.desk)).toEqual(["Quero comprar"]);
    expect(bodies(c.admin.desk)).toEqual(["Quero comprar"]);
    expect(ticketIds(c.agentA.desk)).toEqual([ticket.id]);
    for (const other of [c.agentB.desk, c.agentAll.desk]) {
      expect(other.messages).toEqual([]);
      expect(other.tickets).toEqual([]);
    }
  });

  it("a ticket without a queue reaches allTicket agents and overseers; an assigned ticket its agent", async () => {
    const c = await company();
    const waiting = await c.customer({ queueId: null });
    const mine = await c.customer({ queueId: c.queueB.id, status: "open", userId: c.agentA.id });

    await c.writes(waiting.contact.number, "Alguém aí?");
    await c.writes(mine.contact.number, "Obrigado, Ana");

    expect(bodies(c.agentAll.desk)).toEqual(["Alguém aí?"]);
    expect(bodies(c.agentA.desk)).toEqual(["Obrigado, Ana"]);
    expect(bodies(c.agentB.desk)).toEqual(["Obrigado, Ana"]);
    expect(bodies(c.admin.desk)).toEqual(["Alguém aí?", "Obrigado, Ana"]);
  });

  it("refuses joinChatBox for a ticket the user may not see", async () => {
    const c = await company();
    const { ticket } = await c.customer({ queueId: c.queueA.id });
    const box = c.agentB.desk.socket;
    expect(await roomEvent(box, "joinChatBox", { ticketId: ticket.id })).toEqual({ error: "ERR_NO_PERMISSION" });
    expect(await roomEvent(c.agentA.desk.socket, "joinChatBox", { ticketId: ticket.id })).toEqual({ joined: true });
  });

  it("a transfer to queue B: queue A's agent gets a delete and nothing more; queue B's agent gets the ticket", async () => {
    const c = await company();
    const { contact, ticket } = await c.customer({ queueId: c.queueA.id });
    await joinRoom(c.agentA.desk.socket, "joinChatBox", { ticketId: ticket.id });

    const res = await s.request({
      method: "PUT",
      path: `/tickets/${ticket.id}`,
      token: c.t.admin.token,
      body: { queueId: c.queueB.id, status: "pending" },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const d of c.desks) await flush(s, d.socket);
    expect(c.agentA.desk.tickets).toEqual([{ action: "delete", ticketId: ticket.id }]);
    expect(c.agentB.desk.tickets).toMatchObject([
      { action: "update", ticket: { id: ticket.id, queueId: c.queueB.id } },
    ]);
    expect(c.admin.desk.tickets).toMatchObject([{ action: "update", ticket: { id: ticket.id } }]);

    // The box agent A opened before the transfer no longer shows what the customer says.
    await c.writes(contact.number, "Preciso de suporte");
    expect(c.agentA.desk.messages).toEqual([]);
    expect(bodies(c.agentB.desk)).toEqual(["Preciso de suporte"]);
  });
});

describe("what the HTTP API refuses, the socket does not carry", () => {
  it("agent B is refused the ticket over HTTP and received none of its events", async () => {
    const c = await company();
    const { contact, ticket } = await c.customer({ queueId: c.queueA.id });
    await c.writes(contact.number, "Oi");
    const refused = await Promise.all([
      s.request({ path: `/tickets/${ticket.id}`, token: c.agentB.token }),
      s.request({ path: `/messages/${ticket.id}`, token: c.agentB.token }),
    ]);
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403]);
    expect(c.agentB.desk.socket.connected).toBe(true);
    expect(c.agentB.desk.messages).toEqual([]);
    expect(c.agentB.desk.tickets).toEqual([]);
  });
});
