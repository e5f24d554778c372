/**
 * POST /tickets: who may open a ticket, on which connection and queue, its
 * codes and realtime (core-platform §2.13, §4.1, §8.2).
 */
import { channels } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tickets, users } from "../../db/schema/index.js";
import { buildContact } from "../../../test/conversations.js";
import { buildWhatsapp } from "../../../test/connections.js";
import { buildTenant } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { connectSocket, flush, joinRoom, record } from "../../../test/sockets.js";
import { ticketCompany, ticketRow } from "../../../test/tickets.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const create = (token: string, body: Record<string, unknown>) =>
  s.request({ method: "POST", path: "/tickets", token, body: { status: "open", ...body } });

describe("tickets: new ticket", () => {
  it("opens a ticket for the caller on the chosen connection, accepted now, and announces it", async () => {
    const c = await ticketCompany(s);
    const socket = await connectSocket(s, c.t.admin.token);
    await joinRoom(socket, "joinTickets", "open");
    const events = record<{ action: string; ticket: { id: number } }>(socket, channels.ticket(c.companyId));
    const res = await create(c.agent.token, {
      contactId: c.contact.id,
      queueId: c.queue.id,
      whatsappId: c.wa.id,
      userId: 999,
    });
    expect(res.statusCode, res.body).toBe(200);
    const ticket = res.json();
    expect(ticket).toMatchObject({
      status: "open",
      userId: c.agent.id,
      user: { name: "Ana" },
      queue: { name: "Vendas" },
      whatsappId: c.wa.id,
      contact: { name: "Cliente" },
    });
    expect((await ticketRow(s, ticket.id)).acceptedAt).not.toBeNull();
    await flush(s, socket);
    expect(events).toEqual([{ action: "update", ticket: expect.objectContaining({ id: ticket.id }) }]);
  });

  it("defaults the connection to the caller's, then the company's default; none → ERR_NO_DEF_WAPP_FOUND", async () => {
    const c = await ticketCompany(s);
    const own = await buildWhatsapp(s, c.companyId);
    await s.ctx.db.update(users).set({ whatsappId: own.id }).where(eq(users.id, c.agent.id));
    const mine = await create(c.agent.token, { contactId: c.contact.id, queueId: c.queue.id });
    expect(mine.json().whatsappId).toBe(own.id);
    const byDefault = await create(c.colleague.token, { contactId: c.contact.id, queueId: c.queue.id, whatsappId: "" });
    expect(byDefault.json().whatsappId).toBe(c.wa.id);
    const bare = await buildTenant(s);
    const contact = await buildContact(s, bare.company.id);
    const none = await create(bare.admin.token, { contactId: contact.id });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: "ERR_NO_DEF_WAPP_FOUND" });
  });

  it("requires a queue of one's own unless admin; refuses another company's contact, queue or connection", async () => {
    const c = await ticketCompany(s);
    const noQueue = await create(c.agent.token, { contactId: c.contact.id });
    expect(noQueue.statusCode).toBe(400);
    expect(noQueue.json().error).toBe("ERR_VALIDATION");
    const notMine = await create(c.agent.token, { contactId: c.contact.id, queueId: c.other.id });
    expect(notMine.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    const admin = await create(c.t.admin.token, { contactId: c.contact.id });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().queueId).toBeNull();

    const o = await ticketCompany(s);
    expect((await create(c.t.admin.token, { contactId: o.contact.id })).json()).toEqual({
      error: "ERR_NO_CONTACT_FOUND",
    });
    const foreignQueue = await create(c.t.admin.token, { contactId: c.contact.id, queueId: o.queue.id });
    expect(foreignQueue.json().error).toBe("ERR_VALIDATION");
    const foreignWa = await create(c.t.admin.token, { contactId: c.contact.id, whatsappId: o.wa.id });
    expect(foreignWa.json()).toEqual({ error: "ERR_NO_WAPP_FOUND" });
    expect(await s.ctx.db.select().from(tickets).where(eq(tickets.companyId, o.companyId))).toEqual([]);
  });

  it("an active ticket of one's own (or unassigned) → ERR_OTHER_OPEN_TICKET; another attendant's → 400 with who holds it", async () => {
    const c = await ticketCompany(s);
    const first = (await create(c.agent.token, { contactId: c.contact.id, queueId: c.queue.id })).json();
    const again = await create(c.agent.token, { contactId: c.contact.id, queueId: c.queue.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "ERR_OTHER_OPEN_TICKET" });
    const held = await create(c.colleague.token, { contactId: c.contact.id, queueId: c.queue.id });
    expect(held.statusCode).toBe(400);
    expect(held.json()).toEqual({
      error: { userId: c.agent.id, user: { name: "Ana" }, queue: { name: "Vendas" }, ticketId: first.id },
    });
    await s.ctx.db.update(tickets).set({ userId: null, status: "pending" }).where(eq(tickets.id, first.id));
    expect((await create(c.colleague.token, { contactId: c.contact.id, queueId: c.queue.id })).json()).toEqual({
      error: "ERR_OTHER_OPEN_TICKET",
    });
    // Another connection is another conversation.
    const wa2 = await buildWhatsapp(s, c.companyId);
    expect(
      (await create(c.agent.token, { contactId: c.contact.id, queueId: c.queue.id, whatsappId: wa2.id })).statusCode,
    ).toBe(200);
  });
});
