/** GET /messages/{ticketId}: the conversation's pages and reading one's own ticket (core-platform §2.10, §7.5). */
import { channels, messagePageSize } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { messages, tickets } from "../../db/schema/index.js";
import { buildWhatsapp } from "../../../test/connections.js";
import { buildMessage, buildTicket } from "../../../test/conversations.js";
import { buildQueue, buildTenant } from "../../../test/factories.js";
import { startFakeGraph, type FakeGraph } from "../../../test/fake-graph.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { conversation } from "../../../test/messages.js";
import { closeAllSockets, connectSocket, flush, joinRoom, record, until } from "../../../test/sockets.js";
import { expectCompanyIsolation } from "../../../test/tenancy.js";

let s: TestServer;
let fake: FakeGraph;
beforeAll(async () => {
  fake = await startFakeGraph();
  s = await startTestServer({ WHATSAPP_GRAPH_URL: fake.url });
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s?.close();
  await fake?.close();
});

interface Page {
  messages: { id: number; ticketId: number; body: string }[];
  hasMore: boolean;
  count: number;
  ticket: { id: number; uuid: string; status: string };
}
const page = async (token: string, ticketId: number, pageNumber = 1) => {
  const res = await s.request({ path: `/messages/${ticketId}?pageNumber=${pageNumber}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};

describe("messages: pages", () => {
  it("spans the contact's tickets on the connection: newest page first, each page oldest first, ticketId on each", async () => {
    const c = await conversation(s, fake);
    const earlier = await buildTicket(s, { ...c.base, status: "closed" });
    const current = await buildTicket(s, { ...c.base, status: "open", userId: c.agent.id });
    const elsewhere = await buildTicket(s, {
      ...c.base,
      whatsappId: (await buildWhatsapp(s, c.companyId)).id,
      status: "closed",
    });
    const made: { id: number; ticketId: number }[] = [];
    for (let i = 0; i < 25; i++) made.push(await buildMessage(s, earlier, { body: `old ${i}` }));
    for (let i = 0; i < 10; i++) made.push(await buildMessage(s, current, { body: `new ${i}`, fromMe: i % 2 === 0 }));
    await buildMessage(s, elsewhere, { body: "other connection" });

    const first = await page(c.token, current.id);
    expect(first.messages.map((m) => m.id)).toEqual(made.slice(-messagePageSize).map((m) => m.id));
    expect(first.messages[0]).toMatchObject({ ticketId: earlier.id, body: "old 15" });
    expect(first.messages.at(-1)).toMatchObject({ ticketId: current.id, body: "new 9" });
    expect(first).toMatchObject({
      count: 35,
      hasMore: true,
      ticket: { id: current.id, uuid: current.uuid, status: "open" },
    });
    const second = await page(c.token, current.id, 2);
    expect(second.messages.map((m) => m.id)).toEqual(made.slice(0, 15).map((m) => m.id));
    expect(second.hasMore).toBe(false);
    // The older ticket opens the same conversation.
    expect((await page(c.token, earlier.id)).messages.map((m) => m.id)).toEqual(first.messages.map((m) => m.id));
  });

  it("follows ticket visibility: 403 outside the agent's queues, 404 for another company", async () => {
    const c = await conversation(s, fake);
    const otherQueue = await buildQueue(s, c.companyId);
    const hidden = await buildTicket(s, { ...c.base, queueId: otherQueue.id, status: "pending" });
    await buildMessage(s, hidden, { body: "Senha do cliente" });
    const refused = await s.request({ path: `/messages/${hidden.id}`, token: c.token });
    expect(refused.statusCode).toBe(403);
    const o = await buildTenant(s);
    await expectCompanyIsolation(s, {
      request: { path: `/messages/${hidden.id}` },
      ownerToken: c.t.admin.token,
      otherToken: o.admin.token,
      secrets: ["Senha do cliente"],
    });
  });
});

describe("messages: the message's shape", () => {
  it("carries its sender, its ticket and connection, the quoted message and its media url", async () => {
    const c = await conversation(s, fake);
    const ticket = await buildTicket(s, { ...c.base, status: "pending" });
    const asked = await buildMessage(s, ticket, { body: "Qual o prazo?", wid: "wamid.Q", mediaPath: "1/q.png" });
    const answer = await buildMessage(s, ticket, {
      body: "Dois dias",
      fromMe: true,
      userId: c.agent.id,
      ack: 3,
      mediaType: "document",
      mediaPath: "1/prazo.pdf",
      mediaName: "prazo.pdf",
      quotedMsgId: asked.id,
      createdAt: new Date("2024-03-11T08:30:00.456Z"),
      updatedAt: new Date("2024-03-11T08:31:00.789Z"),
    });
    const [first, second] = (await page(c.t.admin.token, ticket.id)).messages;
    expect(first).toMatchObject({
      id: asked.id,
      contactId: c.contact.id,
      contact: { id: c.contact.id, name: c.contact.name, number: c.contact.number, profilePicUrl: "" },
      mediaUrl: "/api/public/1/q.png",
      quotedMsg: null,
    });
    expect(second).toEqual({
      id: answer.id,
      wid: null,
      ticketId: ticket.id,
      contactId: null,
      userId: c.agent.id,
      fromMe: true,
      body: "Dois dias",
      read: false,
      ack: 3,
      mediaType: "document",
      mediaUrl: "/api/public/1/prazo.pdf",
      mediaName: "prazo.pdf",
      isDeleted: false,
      isEdited: false,
      sendError: null,
      details: null,
      transcription: null,
      quotedMsg: {
        id: asked.id,
        fromMe: false,
        body: "Qual o prazo?",
        mediaType: "chat",
        mediaUrl: "/api/public/1/q.png",
        contact: { name: c.contact.name },
      },
      contact: null,
      ticket: { id: ticket.id, uuid: ticket.uuid, whatsapp: { name: c.wa.name, provider: "cloud" } },
      companyId: c.companyId,
      createdAt: "2024-03-11T08:30:00.456Z",
      updatedAt: "2024-03-11T08:31:00.789Z",
    });
    // A page past the conversation's start is empty, the ticket still named.
    expect(await page(c.t.admin.token, ticket.id, 2)).toEqual({
      messages: [],
      count: 2,
      hasMore: false,
      ticket: { id: ticket.id, uuid: ticket.uuid, status: "pending" },
    });
  });
});

describe("messages: reading a ticket", () => {
  it("the attendant's first page of their open ticket zeroes unread, marks messages read, sends the read receipt and says so", async () => {
    const c = await conversation(s, fake);
    const ticket = await buildTicket(s, { ...c.base, status: "open", userId: c.agent.id, unreadMessages: 2 });
    await buildMessage(s, ticket, { wid: "wamid.A", read: false });
    await buildMessage(s, ticket, { wid: "wamid.B", read: false });
    const socket = await connectSocket(s, c.token);
    await joinRoom(socket, "joinTickets", "open");
    const events = record(socket, channels.ticket(c.companyId));

    // Someone else looking (an admin) reads nothing.
    await page(c.t.admin.token, ticket.id);
    expect((await s.ctx.db.query.tickets.findFirst({ where: eq(tickets.id, ticket.id) }))!.unreadMessages).toBe(2);

    await page(c.token, ticket.id);
    expect((await s.ctx.db.query.tickets.findFirst({ where: eq(tickets.id, ticket.id) }))!.unreadMessages).toBe(0);
    const rows = await s.ctx.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
    expect(rows.every((m) => m.read)).toBe(true);
    await until(() => fake.reads.some((r) => r.body.message_id === "wamid.B"));
    expect(fake.reads.filter((r) => r.body.message_id === "wamid.A")).toEqual([]);
    await flush(s, socket);
    expect(events).toEqual([{ action: "updateUnread", ticketId: ticket.id }]);
  });

  it("opening one's own ticket with nothing unread writes nothing and announces nothing", async () => {
    const c = await conversation(s, fake);
    const ticket = await buildTicket(s, { ...c.base, status: "open", userId: c.agent.id, unreadMessages: 0 });
    const kept = await buildMessage(s, ticket, { wid: "wamid.D", read: false });
    const before = await s.ctx.db.query.tickets.findFirst({ where: eq(tickets.id, ticket.id) });
    const socket = await connectSocket(s, c.token);
    await joinRoom(socket, "joinTickets", "open");
    const events = record(socket, channels.ticket(c.companyId));
    expect((await page(c.token, ticket.id)).messages.map((m) => m.id)).toEqual([kept.id]);
    await flush(s, socket);
    expect(events).toEqual([]);
    expect(await s.ctx.db.query.tickets.findFirst({ where: eq(tickets.id, ticket.id) })).toEqual(before);
    expect((await s.ctx.db.query.messages.findFirst({ where: eq(messages.id, kept.id) }))!.read).toBe(false);
    expect(fake.reads.filter((r) => r.body.message_id === "wamid.D")).toEqual([]);
  });

  it("a refused read receipt is only logged: the page still answers and the ticket is read", async () => {
    const c = await conversation(s, fake);
    const offline = await buildWhatsapp(s, c.companyId);
    const ticket = await buildTicket(s, {
      ...c.base,
      whatsappId: offline.id,
      status: "open",
      userId: c.agent.id,
      unreadMessages: 1,
    });
    await buildMessage(s, ticket, { wid: "wamid.C", read: false });
    await page(c.token, ticket.id);
    expect((await s.ctx.db.query.tickets.findFirst({ where: eq(tickets.id, ticket.id) }))!.unreadMessages).toBe(0);
  });
});
