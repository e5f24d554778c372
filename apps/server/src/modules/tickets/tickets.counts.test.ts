/**
 * The counts ticket_counts keeps (db/schema/ticket-counts.ts, migration 0034)
 * stay what counting the tickets gives, through every way a ticket enters,
 * moves between status, queue and attendant, and leaves, one at a time or
 * many in one statement; and the lists' count
 * read from them is the list's length.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../../db/rows.js";
import { tickets } from "../../db/schema/index.js";
import { buildContact } from "../../../test/conversations.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { pendingTicket, ticketCompany, type TicketCompany } from "../../../test/tickets.js";

let s: TestServer;
serverPerFile((started) => (s = started));

type Group = { status: string; queue_id: number | null; user_id: number | null; n: number };

/** The company's groups as counted from tickets and as kept, in one order; groups kept at zero left out. */
async function countsOf(companyId: number) {
  const order = sql`order by status, queue_id nulls first, user_id nulls first`;
  const counted = await rowsOf<Group>(
    s.ctx.db,
    sql`select status, queue_id, user_id, count(*)::int as n from tickets where company_id = ${companyId}
        group by status, queue_id, user_id ${order}`,
  );
  const kept = await rowsOf<Group>(
    s.ctx.db,
    sql`select status, queue_id, user_id, sum(n)::int as n from ticket_counts where company_id = ${companyId}
        group by status, queue_id, user_id having sum(n) <> 0 ${order}`,
  );
  return { counted, kept };
}

async function expectKept(companyId: number) {
  const { counted, kept } = await countsOf(companyId);
  expect(kept).toEqual(counted);
}

const put = (token: string, id: number, body: Record<string, unknown>) =>
  s.request({ method: "PUT", path: `/tickets/${id}`, token, body });

async function listCount(c: TicketCompany, query: string) {
  const res = await s.request({ path: `/tickets?${query}`, token: c.t.admin.token });
  const body = res.json<{ count: number; tickets: unknown[] }>();
  expect(body.count).toBe(body.tickets.length);
  return body.count;
}

describe("ticket_counts", () => {
  it("stays the tickets' count through create, accept, transfer, return, close, reopen and delete", async () => {
    const c = await ticketCompany(s);
    const created = await s.request({
      method: "POST",
      path: "/tickets",
      token: c.agent.token,
      body: { contactId: c.contact.id, status: "open", userId: c.agent.id, queueId: c.queue.id },
    });
    expect(created.statusCode).toBe(200);
    const mine = created.json<{ id: number }>();
    const waiting = await pendingTicket(s, c, { contactId: (await buildContact(s, c.companyId)).id });
    await expectKept(c.companyId);

    expect((await put(c.agent.token, waiting.id, { status: "open", userId: c.agent.id })).statusCode).toBe(200);
    await expectKept(c.companyId);
    const transfer = { queueId: c.other.id, userId: c.colleague.id, status: "pending" };
    expect((await put(c.agent.token, mine.id, transfer)).statusCode).toBe(200);
    await expectKept(c.companyId);
    expect((await put(c.agent.token, waiting.id, { status: "pending", userId: null })).statusCode).toBe(200);
    await expectKept(c.companyId);
    expect((await put(c.t.admin.token, waiting.id, { status: "closed" })).statusCode).toBe(200);
    await expectKept(c.companyId);
    expect((await put(c.t.admin.token, waiting.id, { status: "open", userId: c.t.admin.id })).statusCode).toBe(200);
    await expectKept(c.companyId);
    expect(await listCount(c, "status=open&showAll=true")).toBe(1);
    expect(await listCount(c, "status=pending&showAll=true")).toBe(1);
    expect(await listCount(c, `showAll=true&users=${JSON.stringify([c.colleague.id])}`)).toBe(1);

    expect(
      (await s.request({ method: "DELETE", path: `/tickets/${mine.id}`, token: c.t.admin.token })).statusCode,
    ).toBe(204);
    await expectKept(c.companyId);
    expect(await listCount(c, "showAll=true")).toBe(1);
  });

  it("stays right when a user, a queue or a contact goes, and counts one company only", async () => {
    const c = await ticketCompany(s);
    const other = await ticketCompany(s);
    await pendingTicket(s, other);
    const contact = await buildContact(s, c.companyId);
    await pendingTicket(s, c, { status: "open", userId: c.agent.id });
    await pendingTicket(s, c, { contactId: contact.id, queueId: c.other.id, status: "closed", userId: c.agent.id });
    await expectKept(c.companyId);

    const gone = (path: string) => s.request({ method: "DELETE", path, token: c.t.admin.token });
    expect((await gone(`/users/${c.agent.id}`)).statusCode).toBe(200);
    await expectKept(c.companyId);
    expect((await gone(`/queue/${c.other.id}`)).statusCode).toBeLessThan(300);
    await expectKept(c.companyId);
    expect(await listCount(c, "status=closed&showAll=true")).toBe(1);
    expect((await gone(`/contacts/${contact.id}`)).statusCode).toBeLessThan(300);
    await expectKept(c.companyId);
    expect(await listCount(c, "showAll=true")).toBe(1);
    await expectKept(other.companyId);
    expect(await listCount(other, "showAll=true")).toBe(1);
  });

  it("stays right when one statement inserts, moves and deletes many tickets", async () => {
    const c = await ticketCompany(s);
    const contacts = await Promise.all([1, 2, 3, 4, 5].map(() => buildContact(s, c.companyId)));
    await s.ctx.db.insert(tickets).values(
      contacts.map((contact, i) => ({
        companyId: c.companyId,
        contactId: contact.id,
        status: i % 2 ? "open" : "pending",
        queueId: i % 3 ? c.queue.id : c.other.id,
        userId: i % 2 ? c.agent.id : null,
      })),
    );
    await expectKept(c.companyId);
    await s.ctx.db
      .update(tickets)
      .set({ status: "closed", userId: c.colleague.id })
      .where(eq(tickets.companyId, c.companyId));
    await expectKept(c.companyId);
    await s.ctx.db.update(tickets).set({ lastMessage: "unmoved" }).where(eq(tickets.companyId, c.companyId));
    await expectKept(c.companyId);
    await s.ctx.db.delete(tickets).where(and(eq(tickets.companyId, c.companyId), eq(tickets.queueId, c.queue.id)));
    await expectKept(c.companyId);
    expect(await listCount(c, "status=closed&showAll=true")).toBe(2);
  });

  it("an agent's count of their queues' lists is the tickets they see there", async () => {
    const c = await ticketCompany(s);
    await pendingTicket(s, c);
    await pendingTicket(s, c, { contactId: (await buildContact(s, c.companyId)).id, queueId: c.other.id });
    await pendingTicket(s, c, { contactId: (await buildContact(s, c.companyId)).id, queueId: null });
    const query = `status=pending&showAll=false&queueIds=${JSON.stringify([c.queue.id, c.other.id])}`;
    const res = await s.request({ path: `/tickets?${query}`, token: c.agent.token });
    const body = res.json<{ count: number; tickets: { queueId: number | null }[] }>();
    // Ana is in Vendas only: Suporte's ticket and the one without a queue (allTicket off) are not hers to see.
    expect(body.tickets.map((t) => t.queueId)).toEqual([c.queue.id]);
    expect(body.count).toBe(1);
  });
});
