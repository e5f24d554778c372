/**
 * GET /tickets/{ticketId}/timeline (issue 11 item 7): each ticket action
 * leaves its row, with who, the queue after it and the names at the time;
 * the route answers with the ticket's own visibility.
 */
import { channels } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { buildContact } from "../../../test/conversations.js";
import { buildTenant, buildUser, login } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { connectSocket, flush, joinRoom, record } from "../../../test/sockets.js";
import { expectCompanyIsolation } from "../../../test/tenancy.js";
import { pendingTicket, ticketCompany } from "../../../test/tickets.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const put = (token: string, id: number, body: Record<string, unknown>) =>
  s.request({ method: "PUT", path: `/tickets/${id}`, token, body });
const timeline = (token: string, id: number) => s.request({ path: `/tickets/${id}/timeline`, token });

describe("tickets: timeline", () => {
  it("records accepted, transferred, returned, closed and reopened with who, queue and names", async () => {
    const c = await ticketCompany(s);
    const ticket = await pendingTicket(s, c);
    expect((await put(c.agent.token, ticket.id, { status: "open", userId: c.agent.id })).statusCode).toBe(200);
    const moved = await put(c.agent.token, ticket.id, { userId: c.colleague.id, queueId: c.other.id, status: "open" });
    expect(moved.statusCode).toBe(200);
    expect((await put(c.colleague.token, ticket.id, { status: "pending", userId: null })).statusCode).toBe(200);
    expect((await put(c.colleague.token, ticket.id, { status: "closed" })).statusCode).toBe(200);
    expect((await put(c.colleague.token, ticket.id, { status: "open" })).statusCode).toBe(200);

    const res = await timeline(c.colleague.token, ticket.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().events).toMatchObject([
      { type: "accepted", userId: c.agent.id, userName: "Ana", queueName: "Vendas", toUserName: "Ana" },
      { type: "transferred", userId: c.agent.id, userName: "Ana", queueName: "Suporte", toUserName: "Bruno" },
      { type: "queued", userId: c.colleague.id, userName: "Bruno", queueName: "Suporte", toUserName: null },
      { type: "closed", userId: c.colleague.id, userName: "Bruno" },
      { type: "reopened", userId: c.colleague.id, userName: "Bruno", toUserName: "Bruno" },
    ]);
    for (const e of res.json().events) expect(Date.parse(e.createdAt)).not.toBeNaN();
  });

  it("a refused action leaves no row; POST /tickets records created", async () => {
    const c = await ticketCompany(s);
    const ticket = await pendingTicket(s, c);
    expect((await put(c.agent.token, ticket.id, { status: "open", userId: c.agent.id })).statusCode).toBe(200);
    // Already held by Ana: Bruno's stale accept is refused and records nothing.
    const refused = await put(c.colleague.token, ticket.id, { status: "open", userId: c.colleague.id });
    expect(refused.json()).toEqual({ error: "ERR_OTHER_OPEN_TICKET" });
    expect((await timeline(c.agent.token, ticket.id)).json().events.map((e: { type: string }) => e.type)).toEqual([
      "accepted",
    ]);

    const made = await s.request({
      method: "POST",
      path: "/tickets",
      token: c.t.admin.token,
      body: { contactId: c.contact.id, queueId: c.other.id, whatsappId: c.wa.id, status: "open", userId: c.t.admin.id },
    });
    // The contact's active ticket above is Ana's: close it first.
    expect(made.statusCode).toBe(400);
    await put(c.agent.token, ticket.id, { status: "closed" });
    const opened = await s.request({
      method: "POST",
      path: "/tickets",
      token: c.t.admin.token,
      body: { contactId: c.contact.id, queueId: c.other.id, whatsappId: c.wa.id, status: "open", userId: c.t.admin.id },
    });
    expect(opened.statusCode).toBe(200);
    expect((await timeline(c.t.admin.token, opened.json().id)).json().events).toMatchObject([
      { type: "created", userId: c.t.admin.id, queueName: "Suporte", toUserName: c.t.admin.name },
    ]);
  });

  it("deleting the attendant returns their ticket to its queue, recorded as queued by the admin", async () => {
    const c = await ticketCompany(s);
    const ticket = await pendingTicket(s, c);
    expect((await put(c.agent.token, ticket.id, { status: "open", userId: c.agent.id })).statusCode).toBe(200);
    const gone = await s.request({ method: "DELETE", path: `/users/${c.agent.id}`, token: c.t.admin.token });
    expect(gone.statusCode).toBeLessThan(300);
    const events = (await timeline(c.t.admin.token, ticket.id)).json().events;
    expect(events).toMatchObject([
      // The deleted attendant's own step keeps their name; their id went with them.
      { type: "accepted", userId: null, userName: "Ana" },
      { type: "queued", userId: c.t.admin.id, userName: c.t.admin.name, queueName: "Vendas", toUserName: null },
    ]);
  });

  it("deleting a queue: its pending ticket waits without a queue, recorded as queued by the admin; an open one keeps its agent", async () => {
    const c = await ticketCompany(s);
    const waiting = await pendingTicket(s, c);
    const other = await buildContact(s, c.companyId, { name: "Outro" });
    const held = await pendingTicket(s, c, { contactId: other.id });
    expect((await put(c.agent.token, held.id, { status: "open", userId: c.agent.id })).statusCode).toBe(200);
    const admin = await connectSocket(s, c.t.admin.token);
    await joinRoom(admin, "joinNotification");
    const events = record<{ action: string; ticket?: { id: number; status: string; queueId: number | null } }>(
      admin,
      channels.ticket(c.companyId),
    );

    const gone = await s.request({ method: "DELETE", path: `/queue/${c.queue.id}`, token: c.t.admin.token });
    expect(gone.statusCode).toBe(200);

    expect((await timeline(c.t.admin.token, waiting.id)).json().events).toMatchObject([
      { type: "queued", userId: c.t.admin.id, userName: c.t.admin.name, queueId: null, queueName: null },
    ]);
    expect((await timeline(c.t.admin.token, held.id)).json().events.map((e: { type: string }) => e.type)).toEqual([
      "accepted",
    ]);
    await flush(s, admin);
    const updated = events.filter((e) => e.action === "update").map((e) => e.ticket);
    expect(updated).toContainEqual(expect.objectContaining({ id: waiting.id, status: "pending", queueId: null }));
    expect(updated).toContainEqual(expect.objectContaining({ id: held.id, status: "open", queueId: null }));
  });

  it("answers as GET /tickets/{id} does: 403 outside one's queues, 404 for another company's", async () => {
    const c = await ticketCompany(s);
    const ticket = await pendingTicket(s, c, { queueId: c.other.id });
    const outsider = await buildUser(s, { companyId: c.companyId, queueIds: [c.queue.id], name: "Carla" });
    const token = (await login(s, outsider.email)).token;
    const shown = await s.request({ path: `/tickets/${ticket.id}`, token });
    const refused = await timeline(token, ticket.id);
    expect(refused.statusCode).toBe(shown.statusCode);
    expect(refused.json()).toEqual(shown.json());
    expect(refused.statusCode).toBe(403);

    const o = await buildTenant(s);
    const { other } = await expectCompanyIsolation(s, {
      request: { path: `/tickets/${ticket.id}/timeline` },
      ownerToken: c.t.admin.token,
      otherToken: o.admin.token,
    });
    expect(other.statusCode).toBe(404);
    expect((await timeline(c.t.admin.token, 2_147_483_647)).statusCode).toBe(404);
  });
});
