/**
 * What happens to tickets when their user, queue or contact goes
 * (SERVER-BEHAVIOUR "Tickets and messages"), and the ticket's tag set (POST
 * /tags/sync, core-platform §2.9) with the tags page's ticket counts.
 */
import { channels } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { messages, tickets } from "../../db/schema/index.js";
import { buildContact, buildMessage, buildTicket } from "../../../test/conversations.js";
import { buildQueue, buildTenant, buildUser } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { closeAllSockets, connectSocket, flush, joinRoom, record } from "../../../test/sockets.js";
import { expectCompanyIsolation } from "../../../test/tenancy.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s.close();
});

const row = async (id: number) => s.ctx.db.query.tickets.findFirst({ where: eq(tickets.id, id) });

describe("tickets when their user, queue or contact goes", () => {
  it("a deleted user's open tickets wait again in their queue, announced after the delete; closed ones keep their state", async () => {
    const t = await buildTenant(s);
    const queue = await buildQueue(s, t.company.id);
    const leaving = await buildUser(s, { companyId: t.company.id, queueIds: [queue.id] });
    const contact = await buildContact(s, t.company.id);
    const base = { companyId: t.company.id, contactId: contact.id, queueId: queue.id, userId: leaving.id };
    const open = await buildTicket(s, { ...base, status: "open" });
    const closed = await buildTicket(s, { ...base, status: "closed" });
    const socket = await connectSocket(s, t.admin.token);
    await joinRoom(socket, "joinTickets", "pending");
    const events = record<{ action: string; ticket: { id: number; status: string; userId: number | null } }>(
      socket,
      channels.ticket(t.company.id),
    );
    const res = await s.request({ method: "DELETE", path: `/users/${leaving.id}`, token: t.admin.token });
    expect(res.statusCode).toBe(200);
    expect(await row(open.id)).toMatchObject({ status: "pending", userId: null, queueId: queue.id });
    expect(await row(closed.id)).toMatchObject({ status: "closed", userId: null });
    await flush(s, socket);
    expect(events).toEqual([
      { action: "update", ticket: expect.objectContaining({ id: open.id, status: "pending", userId: null }) },
    ]);
  });

  it("a deleted queue leaves its tickets without a queue, announced", async () => {
    const t = await buildTenant(s);
    const queue = await buildQueue(s, t.company.id);
    const contact = await buildContact(s, t.company.id);
    const ticket = await buildTicket(s, {
      companyId: t.company.id,
      contactId: contact.id,
      queueId: queue.id,
      status: "pending",
    });
    const socket = await connectSocket(s, t.admin.token);
    await joinRoom(socket, "joinTickets", "pending");
    const events = record(socket, channels.ticket(t.company.id));
    expect(
      (await s.request({ method: "DELETE", path: `/queue/${queue.id}`, token: t.admin.token })).statusCode,
    ).toBeLessThan(300);
    const shown = await s.request({ path: `/tickets/${ticket.id}`, token: t.admin.token });
    expect(shown.json()).toMatchObject({ queueId: null, queue: null, status: "pending" });
    await flush(s, socket);
    expect(events).toEqual([{ action: "update", ticket: expect.objectContaining({ id: ticket.id, queueId: null }) }]);
  });

  it("a deleted contact takes its tickets and their messages, announced as deleted", async () => {
    const t = await buildTenant(s);
    const contact = await buildContact(s, t.company.id);
    const ticket = await buildTicket(s, { companyId: t.company.id, contactId: contact.id, status: "closed" });
    await buildMessage(s, ticket);
    const socket = await connectSocket(s, t.admin.token);
    await joinRoom(socket, "joinTickets", "closed");
    const events = record(socket, channels.ticket(t.company.id));
    expect(
      (await s.request({ method: "DELETE", path: `/contacts/${contact.id}`, token: t.admin.token })).statusCode,
    ).toBe(204);
    expect(await row(ticket.id)).toBeUndefined();
    expect(await s.ctx.db.select().from(messages).where(eq(messages.ticketId, ticket.id))).toEqual([]);
    await flush(s, socket);
    expect(events).toEqual([{ action: "delete", ticketId: ticket.id }]);
  });
});

describe("tags/sync", () => {
  async function tagged() {
    const t = await buildTenant(s);
    const contact = await buildContact(s, t.company.id);
    const ticket = await buildTicket(s, { companyId: t.company.id, contactId: contact.id, status: "pending" });
    const newTag = async (name: string) =>
      (
        await s.request({ method: "POST", path: "/tags", token: t.admin.token, body: { name, color: "#123456" } })
      ).json();
    return { t, ticket, red: await newTag("Vermelho"), blue: await newTag("Azul") };
  }
  const sync = (token: string, body: unknown) => s.request({ method: "POST", path: "/tags/sync", token, body });

  it("replaces the ticket's tag set (by id, or an existing tag's name), announces the ticket and the moved counts", async () => {
    const c = await tagged();
    const socket = await connectSocket(s, c.t.admin.token);
    await joinRoom(socket, "joinTickets", "pending");
    const ticketEvents = record<{ ticket: { tags: { name: string }[] } }>(socket, channels.ticket(c.t.company.id));
    const tagEvents = record<{ tag: { name: string; ticketsCount: number } }>(socket, channels.tag(c.t.company.id));
    const first = await sync(c.t.admin.token, {
      ticketId: c.ticket.id,
      tags: [{ id: c.red.id, name: "Vermelho" }, { name: "azul" }],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().tags.map((x: { name: string }) => x.name)).toEqual(["Azul", "Vermelho"]);
    const second = await sync(c.t.admin.token, { ticketId: c.ticket.id, tags: [{ id: c.blue.id }] });
    expect(second.json().tags.map((x: { name: string }) => x.name)).toEqual(["Azul"]);
    const page = await s.request({ path: "/tags", token: c.t.admin.token });
    const counts = Object.fromEntries(
      page.json().tags.map((x: { name: string; ticketsCount: number }) => [x.name, x.ticketsCount]),
    );
    expect(counts).toEqual({ Azul: 1, Vermelho: 0 });
    await flush(s, socket);
    expect(ticketEvents.map((e) => e.ticket.tags.length)).toEqual([2, 1]);
    expect(tagEvents.at(-1)?.tag).toMatchObject({ name: "Vermelho", ticketsCount: 0 });
    expect((await sync(c.t.admin.token, { ticketId: c.ticket.id, tags: [] })).json().tags).toEqual([]);
    // An agent without the ticket's queue (it has none, and allTicket is off) does not see it.
    expect((await sync(c.t.agent.token, { ticketId: c.ticket.id, tags: [] })).statusCode).toBe(403);
  });

  it("refuses another company's tag or an unknown name and changes nothing; another company's ticket is 404", async () => {
    const c = await tagged();
    const o = await tagged();
    await sync(c.t.admin.token, { ticketId: c.ticket.id, tags: [{ id: c.red.id }] });
    const foreignTag = await sync(c.t.admin.token, { ticketId: c.ticket.id, tags: [{ id: o.red.id }] });
    expect(foreignTag.statusCode).toBe(404);
    expect((await sync(c.t.admin.token, { ticketId: c.ticket.id, tags: [{ name: "Nope" }] })).statusCode).toBe(404);
    const shown = await s.request({ path: `/tickets/${c.ticket.id}`, token: c.t.admin.token });
    expect(shown.json().tags.map((x: { id: number }) => x.id)).toEqual([c.red.id]);
    await expectCompanyIsolation(s, {
      request: { method: "POST", path: "/tags/sync", body: { ticketId: c.ticket.id, tags: [] } },
      ownerToken: c.t.admin.token,
      otherToken: o.t.admin.token,
    });
  });
});
