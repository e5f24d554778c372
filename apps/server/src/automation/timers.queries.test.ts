/** What the timer rules read for a ticket, from the database, and never another company's. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { whatsapps } from "../db/schema/index.js";
import { buildContact, buildMessage, buildTicket } from "../../test/conversations.js";
import { buildCompany, buildQueue } from "../../test/factories.js";
import type { TestServer } from "../../test/harness.js";
import { serverPerFile } from "../../test/server-per-file.js";
import { fireTimer, timersFor } from "./timers.js";
import { timerState } from "./timers.queries.js";

let s: TestServer;
serverPerFile((started) => (s = started));

async function scene() {
  const company = await buildCompany(s);
  const queue = await buildQueue(s, company.id);
  const [wa] = await s.ctx.db
    .insert(whatsapps)
    .values({ companyId: company.id, name: "WA", sendIdQueue: queue.id, timeSendQueue: 15 })
    .returning();
  const contact = await buildContact(s, company.id);
  const createdAt = new Date("2026-03-09T13:00:00Z");
  const ticket = await buildTicket(s, { companyId: company.id, contactId: contact.id, whatsappId: wa!.id, createdAt });
  return { company, queue, wa: wa!, ticket, createdAt };
}

describe("timerState", () => {
  it("the ticket with its customer's last message (not the agent's), and the connection's timer fields", async () => {
    const c = await scene();
    const customerAt = new Date("2026-03-09T13:20:00Z");
    await buildMessage(s, c.ticket, { fromMe: false, createdAt: customerAt });
    await buildMessage(s, c.ticket, { fromMe: true, createdAt: new Date("2026-03-09T13:30:00Z") });
    const state = await timerState(s.ctx.db, c.company.id, c.ticket.id);
    expect(state.ticket).toMatchObject({ status: "pending", queueId: null, lastCustomerMessageAt: customerAt });
    expect(state.connection).toEqual({
      sendIdQueue: c.queue.id,
      timeSendQueue: 15,
      transferQueueId: null,
      timeToTransfer: 0,
      expiresTicket: 0,
      expiresInactiveMessage: "",
    });
    expect(timersFor(state.ticket!, state.connection!)).toEqual([
      { kind: "queueRedirection", fireAt: new Date("2026-03-09T13:35:00Z"), queueId: c.queue.id },
    ]);
  });

  it("a connection with only an expiry (no redirection queue) is read, not taken for absent", async () => {
    const c = await scene();
    await s.ctx.db
      .update(whatsapps)
      .set({ sendIdQueue: null, timeSendQueue: 0, expiresTicket: 30 })
      .where(eq(whatsapps.id, c.wa.id));
    const state = await timerState(s.ctx.db, c.company.id, c.ticket.id);
    expect(state.connection).toMatchObject({ sendIdQueue: null, expiresTicket: 30 });
  });

  it("a ticket with no customer message counts from its creation", async () => {
    const c = await scene();
    const state = await timerState(s.ctx.db, c.company.id, c.ticket.id);
    expect(state.ticket?.lastCustomerMessageAt).toBeNull();
    expect(timersFor(state.ticket!, state.connection!)[0]?.fireAt).toEqual(new Date("2026-03-09T13:15:00Z"));
  });

  it("another company's ticket, or a deleted one, reads as gone and its timer ends quietly", async () => {
    const a = await scene();
    const b = await scene();
    const foreign = await timerState(s.ctx.db, a.company.id, b.ticket.id);
    expect(foreign).toEqual({});
    expect(fireTimer("queueRedirection", foreign.ticket, foreign.connection, new Date())).toEqual({
      action: "none",
      reason: "ticketGone",
    });
  });
});
