/**
 * PUT /tickets/{id} (§4.1 actions) and DELETE /tickets/{id}: rules, codes and
 * realtime (core-platform §2.13, §4.1, §8.2). Opening is in tickets.create.test.ts.
 */
import { channels } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, queueIntegrations } from "../../db/schema/index.js";
import { buildMessage, buildTicket } from "../../../test/conversations.js";
import { buildWhatsapp } from "../../../test/connections.js";
import { buildTenant } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { connectSocket, flush, joinRoom, record } from "../../../test/sockets.js";
import { expectCompanyIsolation } from "../../../test/tenancy.js";
import { buildPrompt } from "../../../test/prompts.js";
import { pendingTicket, ticketCompany, ticketRow } from "../../../test/tickets.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const put = (token: string, id: number, body: Record<string, unknown>) =>
  s.request({ method: "PUT", path: `/tickets/${id}`, token, body });

describe("tickets: actions", () => {
  it("accept, return, resolve, reopen walk the §4.1 states and go out to the list left and the list joined", async () => {
    const c = await ticketCompany(s);
    const ticket = await pendingTicket(s, c);
    // One socket per status list, as the workspace's three tabs join them.
    const received: { status: string; room: string }[] = [];
    const lanes = [];
    for (const status of ["pending", "open", "closed"]) {
      const lane = await connectSocket(s, c.t.admin.token);
      await joinRoom(lane, "joinTickets", status);
      lane.on(channels.ticket(c.companyId), (p: { ticket: { status: string } }) =>
        received.push({ status: p.ticket.status, room: status }),
      );
      lanes.push(lane);
    }

    const accepted = await put(c.agent.token, ticket.id, { status: "open", userId: c.agent.id, queueId: c.queue.id });
    expect(accepted.json()).toMatchObject({ status: "open", userId: c.agent.id });
    expect((await ticketRow(s, ticket.id)).acceptedAt).not.toBeNull();
    const returned = await put(c.agent.token, ticket.id, { status: "pending", userId: null });
    expect(returned.json()).toMatchObject({ status: "pending", userId: null, queueId: c.queue.id });
    const closed = await put(c.agent.token, ticket.id, {
      status: "closed",
      userId: c.agent.id,
      queueId: c.queue.id,
      useIntegration: false,
      promptId: false,
      integrationId: false,
    });
    expect(closed.json()).toMatchObject({
      status: "closed",
      useIntegration: false,
      promptId: null,
      integrationId: null,
    });
    expect((await ticketRow(s, ticket.id)).closedAt).not.toBeNull();
    const reopened = await put(c.colleague.token, ticket.id, {
      status: "open",
      userId: c.colleague.id,
      queueId: c.queue.id,
    });
    expect(reopened.json()).toMatchObject({ status: "open", userId: c.colleague.id });
    expect((await ticketRow(s, ticket.id)).closedAt).toBeNull();

    for (const lane of lanes) await flush(s, lane);
    expect(received).toEqual(
      expect.arrayContaining([
        { status: "open", room: "pending" },
        { status: "open", room: "open" },
        { status: "pending", room: "open" },
        { status: "pending", room: "pending" },
        { status: "closed", room: "pending" },
        { status: "closed", room: "closed" },
        { status: "open", room: "closed" },
      ]),
    );
    expect(received.filter((r) => r.room === "closed").map((r) => r.status)).toEqual(["closed", "open"]);
  });

  it("resolve accepts the first reading (promptId null, integrationId null) too", async () => {
    const c = await ticketCompany(s);
    // A prompt and an integration that exist (both are foreign keys): the ticket is held by them until closed.
    const prompt = await buildPrompt(s, c.companyId);
    const [integration] = await s.ctx.db
      .insert(queueIntegrations)
      .values({ companyId: c.companyId, name: "Typebot", signingSecret: "" })
      .returning();
    const ticket = await pendingTicket(s, c, {
      status: "open",
      userId: c.agent.id,
      useIntegration: true,
      promptId: prompt.id,
      integrationId: integration!.id,
    });
    const res = await put(c.agent.token, ticket.id, {
      status: "closed",
      useIntegration: false,
      promptId: null,
      integrationId: null,
    });
    expect(res.json()).toMatchObject({ status: "closed", useIntegration: false, promptId: null, integrationId: null });
  });

  it("reopen refuses when the contact has another active ticket on the connection", async () => {
    const c = await ticketCompany(s);
    const old = await pendingTicket(s, c, { status: "closed" });
    await pendingTicket(s, c, { status: "pending" });
    const res = await put(c.agent.token, old.id, { status: "open", userId: c.agent.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "ERR_OTHER_OPEN_TICKET" });
    expect((await ticketRow(s, old.id)).status).toBe("closed");
  });

  it("a second accept of the same ticket is refused", async () => {
    const c = await ticketCompany(s);
    const ticket = await pendingTicket(s, c);
    expect((await put(c.agent.token, ticket.id, { status: "open", userId: c.agent.id })).statusCode).toBe(200);
    const late = await put(c.colleague.token, ticket.id, { status: "open", userId: c.colleague.id });
    expect(late.json()).toEqual({ error: "ERR_OTHER_OPEN_TICKET" });
    expect((await ticketRow(s, ticket.id)).userId).toBe(c.agent.id);
  });

  it("transfer: to a queue alone → pending and unassigned; to a user → theirs; a connection change too", async () => {
    const c = await ticketCompany(s);
    const ticket = await pendingTicket(s, c, { status: "open", userId: c.agent.id });
    const toQueue = await put(c.agent.token, ticket.id, { queueId: c.other.id, status: "pending", userId: null });
    expect(toQueue.json()).toMatchObject({ status: "pending", userId: null, queueId: c.other.id });
    const bare = await put(c.colleague.token, ticket.id, { queueId: c.queue.id });
    expect(bare.json()).toMatchObject({ status: "pending", userId: null, queueId: c.queue.id });
    await put(c.colleague.token, ticket.id, { status: "open", userId: c.colleague.id });
    const wa2 = await buildWhatsapp(s, c.companyId);
    const toUser = await put(c.colleague.token, ticket.id, {
      userId: c.agent.id,
      queueId: c.queue.id,
      whatsappId: wa2.id,
    });
    expect(toUser.json()).toMatchObject({
      status: "open",
      userId: c.agent.id,
      user: { name: "Ana" },
      whatsappId: wa2.id,
    });
  });

  it("transfer refuses another company's user, queue or connection, and a connection where the contact is busy", async () => {
    const c = await ticketCompany(s);
    const o = await ticketCompany(s);
    const ticket = await pendingTicket(s, c, { status: "open", userId: c.agent.id });
    expect((await put(c.agent.token, ticket.id, { userId: o.agent.id })).json()).toEqual({
      error: "ERR_NO_USER_FOUND",
    });
    expect((await put(c.agent.token, ticket.id, { queueId: o.queue.id })).json().error).toBe("ERR_VALIDATION");
    expect((await put(c.agent.token, ticket.id, { whatsappId: o.wa.id })).json()).toEqual({
      error: "ERR_NO_WAPP_FOUND",
    });
    const wa2 = await buildWhatsapp(s, c.companyId);
    await buildTicket(s, { companyId: c.companyId, contactId: c.contact.id, whatsappId: wa2.id, status: "pending" });
    const busy = await put(c.agent.token, ticket.id, { whatsappId: wa2.id, userId: c.agent.id });
    expect(busy.json()).toEqual({ error: "ERR_OTHER_OPEN_TICKET" });
    expect(await ticketRow(s, ticket.id)).toMatchObject({
      whatsappId: c.wa.id,
      userId: c.agent.id,
      queueId: c.queue.id,
    });
  });

  it("an agent cannot act on a ticket outside their queues (403), nor anyone on another company's (404)", async () => {
    const c = await ticketCompany(s);
    const ticket = await pendingTicket(s, c, { queueId: c.other.id });
    expect((await put(c.agent.token, ticket.id, { status: "open" })).statusCode).toBe(403);
    expect((await ticketRow(s, ticket.id)).status).toBe("pending");
    const o = await buildTenant(s);
    await expectCompanyIsolation(s, {
      request: { method: "PUT", path: `/tickets/${ticket.id}`, body: { status: "open" } },
      ownerToken: c.t.admin.token,
      otherToken: o.admin.token,
    });
  });
});

describe("tickets: delete", () => {
  it("needs ticket-options:deleteTicket; removes the ticket with its messages and announces it; 404 across companies", async () => {
    const c = await ticketCompany(s);
    const ticket = await pendingTicket(s, c);
    await buildMessage(s, ticket);
    const refused = await s.request({ method: "DELETE", path: `/tickets/${ticket.id}`, token: c.agent.token });
    expect(refused.statusCode).toBe(403);
    const o = await buildTenant(s);
    const foreign = await s.request({ method: "DELETE", path: `/tickets/${ticket.id}`, token: o.admin.token });
    expect(foreign.statusCode).toBe(404);

    const socket = await connectSocket(s, c.agent.token);
    await joinRoom(socket, "joinTickets", "pending");
    const elsewhere = await connectSocket(s, o.admin.token);
    await joinRoom(elsewhere, "joinTickets", "pending");
    const events = record(socket, channels.ticket(c.companyId));
    const leaked = record(elsewhere, channels.ticket(c.companyId));
    const res = await s.request({ method: "DELETE", path: `/tickets/${ticket.id}`, token: c.t.admin.token });
    expect(res.statusCode).toBe(204);
    expect(await s.ctx.db.select().from(messages).where(eq(messages.ticketId, ticket.id))).toEqual([]);
    expect((await s.request({ path: `/tickets/${ticket.id}`, token: c.t.admin.token })).statusCode).toBe(404);
    await flush(s, socket);
    await flush(s, elsewhere);
    expect(events).toEqual([{ action: "delete", ticketId: ticket.id }]);
    expect(leaked).toEqual([]);
  });
});
