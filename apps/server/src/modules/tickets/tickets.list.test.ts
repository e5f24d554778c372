/** GET /tickets, /tickets/{id}, /tickets/u/{uuid}: visibility, filters, search, order and paging (core-platform §2.7, §6, §7.5). */
import { ticketCountCap, ticketPageSize } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tags, tickets, users } from "../../db/schema/index.js";
import { buildContact, buildMessage, buildTicket } from "../../../test/conversations.js";
import { buildWhatsapp } from "../../../test/connections.js";
import { buildQueue, buildTenant, buildUser, login } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { expectCompanyIsolation, expectListIsolation } from "../../../test/tenancy.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

type Query = Record<string, string | number | number[]>;
function qs(query: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) params.set(k, Array.isArray(v) ? JSON.stringify(v) : String(v));
  return params.toString();
}
async function list(token: string, query: Query = {}) {
  const res = await s.request({ path: `/tickets?${qs(query)}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ tickets: { id: number }[]; hasMore: boolean; count: number }>();
}
const ids = async (token: string, query: Query = {}) => (await list(token, query)).tickets.map((t) => t.id).sort();

/**
 * A company with queues A (the agent's) and B, and one ticket of each kind
 * the visibility rule tells apart.
 */
async function workspace() {
  const t = await buildTenant(s);
  const companyId = t.company.id;
  const [qa, qb] = [await buildQueue(s, companyId, { name: "A" }), await buildQueue(s, companyId, { name: "B" })];
  const agent = await buildUser(s, { companyId, queueIds: [qa.id] });
  const colleague = await buildUser(s, { companyId, queueIds: [qa.id, qb.id] });
  const agentToken = (await login(s, agent.email)).token;
  const wa = await buildWhatsapp(s, companyId);
  const ticket = async (fields: Partial<typeof tickets.$inferInsert>) => {
    const contact = await buildContact(s, companyId);
    return buildTicket(s, { companyId, contactId: contact.id, whatsappId: wa.id, ...fields });
  };
  const k = {
    pendingA: await ticket({ status: "pending", queueId: qa.id }),
    pendingB: await ticket({ status: "pending", queueId: qb.id }),
    pendingNoQueue: await ticket({ status: "pending" }),
    ownOpenB: await ticket({ status: "open", queueId: qb.id, userId: agent.id }),
    othersOpenA: await ticket({ status: "open", queueId: qa.id, userId: colleague.id }),
    othersClosedA: await ticket({ status: "closed", queueId: qa.id, userId: colleague.id }),
    ownClosedA: await ticket({ status: "closed", queueId: qa.id, userId: agent.id }),
  };
  return { t, companyId, qa, qb, agent, agentToken, colleague, wa, k, ticket };
}

describe("tickets: who sees what", () => {
  it("an agent lists their own tickets and the pending ones of their queues; showAll is not theirs to use", async () => {
    const w = await workspace();
    const expected = [w.k.pendingA.id, w.k.ownOpenB.id, w.k.ownClosedA.id].sort();
    expect(await ids(w.agentToken)).toEqual(expected);
    expect(await ids(w.agentToken, { showAll: "true" })).toEqual(expected);
    expect(await ids(w.agentToken, { status: "open" })).toEqual([w.k.ownOpenB.id]);
    expect(await ids(w.agentToken, { status: "pending" })).toEqual([w.k.pendingA.id]);
    expect(await ids(w.agentToken, { status: "closed", showAll: "true" })).toEqual([w.k.ownClosedA.id]);
  });

  it("allTicket enabled (or the spec client's 'enable') lets an agent see tickets without a queue", async () => {
    const w = await workspace();
    for (const value of ["enabled", "enable"]) {
      await s.ctx.db.update(users).set({ allTicket: value }).where(eq(users.id, w.agent.id));
      expect(await ids(w.agentToken, { status: "pending" })).toEqual([w.k.pendingA.id, w.k.pendingNoQueue.id].sort());
    }
  });

  it("an admin lists own and pending tickets of every queue, and everything with showAll", async () => {
    const w = await workspace();
    const admin = w.t.admin.token;
    expect(await ids(admin)).toEqual([w.k.pendingA.id, w.k.pendingB.id, w.k.pendingNoQueue.id].sort());
    expect(await ids(admin, { showAll: "true" })).toEqual(
      Object.values(w.k)
        .map((k) => k.id)
        .sort(),
    );
    expect(await ids(admin, { showAll: "true", status: "closed" })).toEqual(
      [w.k.othersClosedA.id, w.k.ownClosedA.id].sort(),
    );
  });

  it("queueIds narrows to the chosen queues (an agent's only among their own), tickets without a queue for who sees them, and one's own", async () => {
    const w = await workspace();
    // B is not the agent's: only their own ticket there stays.
    expect(await ids(w.agentToken, { queueIds: [w.qb.id] })).toEqual([w.k.ownOpenB.id, w.k.ownClosedA.id].sort());
    expect(await ids(w.agentToken, { queueIds: [w.qa.id] })).toEqual(
      [w.k.pendingA.id, w.k.ownOpenB.id, w.k.ownClosedA.id].sort(),
    );
    expect(await ids(w.t.admin.token, { queueIds: [w.qb.id], showAll: "true" })).toEqual(
      [w.k.pendingB.id, w.k.ownOpenB.id, w.k.pendingNoQueue.id].sort(),
    );
    expect(await ids(w.t.admin.token, { queueIds: [], status: "pending" })).toEqual([w.k.pendingNoQueue.id]);
  });

  it("one ticket: an agent opens what they see, gets 403 ERR_NO_PERMISSION outside it, 404 for another company's", async () => {
    const w = await workspace();
    for (const k of [w.k.pendingA, w.k.othersOpenA, w.k.ownOpenB]) {
      const res = await s.request({ path: `/tickets/${k.id}`, token: w.agentToken });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: k.id, uuid: k.uuid, status: k.status });
      const byUuid = await s.request({ path: `/tickets/u/${k.uuid}`, token: w.agentToken });
      expect(byUuid.json().id).toBe(k.id);
    }
    for (const k of [w.k.pendingB, w.k.pendingNoQueue]) {
      for (const path of [`/tickets/${k.id}`, `/tickets/u/${k.uuid}`]) {
        const res = await s.request({ path, token: w.agentToken });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
      }
    }
    expect((await s.request({ path: `/tickets/${w.k.pendingB.id}`, token: w.t.admin.token })).statusCode).toBe(200);
    const other = await buildTenant(s);
    const foreign = await s.request({ path: `/tickets/u/${w.k.pendingA.uuid}`, token: other.admin.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: "ERR_NO_TICKET_FOUND" });
    expect((await s.request({ path: "/tickets/u/not-a-uuid", token: w.agentToken })).statusCode).toBe(400);
  });

  it("never lists or shows another company's tickets", async () => {
    const w = await workspace();
    const other = await buildTenant(s);
    const contact = await buildContact(s, w.companyId, { name: "Secret Customer" });
    const secret = await buildTicket(s, { companyId: w.companyId, contactId: contact.id, status: "pending" });
    await expectListIsolation(s, {
      path: "/tickets?showAll=true&searchParam=secret",
      ownerToken: w.t.admin.token,
      otherToken: other.admin.token,
      secrets: ["Secret Customer"],
    });
    await expectCompanyIsolation(s, {
      request: { path: `/tickets/${secret.id}` },
      ownerToken: w.t.admin.token,
      otherToken: other.admin.token,
      secrets: ["Secret Customer"],
    });
  });
});

describe("tickets: filters", () => {
  it("status, users, tags (every chosen one), withUnreadMessages", async () => {
    const w = await workspace();
    const admin = w.t.admin.token;
    const [red, blue] = await s.ctx.db
      .insert(tags)
      .values([
        { companyId: w.companyId, name: "red", color: "#f00" },
        { companyId: w.companyId, name: "blue", color: "#00f" },
      ])
      .returning();
    const contact = await buildContact(s, w.companyId);
    const both = await buildTicket(s, { companyId: w.companyId, contactId: contact.id, status: "pending" }, [
      red!.id,
      blue!.id,
    ]);
    const redOnly = await buildTicket(s, { companyId: w.companyId, contactId: contact.id, status: "closed" }, [
      red!.id,
    ]);
    const all = { showAll: "true" };
    expect(await ids(admin, { ...all, tags: [red!.id] })).toEqual([both.id, redOnly.id].sort());
    expect(await ids(admin, { ...all, tags: [red!.id, blue!.id] })).toEqual([both.id]);
    expect(await ids(admin, { ...all, users: [w.colleague.id] })).toEqual(
      [w.k.othersOpenA.id, w.k.othersClosedA.id].sort(),
    );
    await s.ctx.db.update(tickets).set({ unreadMessages: 3 }).where(eq(tickets.id, w.k.pendingA.id));
    expect(await ids(w.agentToken, { withUnreadMessages: "true" })).toEqual([w.k.pendingA.id]);
    const bad = await s.request({ path: "/tickets?tags=red", token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("ERR_VALIDATION");
  });

  it("date and updatedAt pick the day in the company's time zone (America/Sao_Paulo by default)", async () => {
    const w = await workspace();
    const admin = w.t.admin.token;
    // 22:00 in São Paulo on 10 March is 01:00 UTC on the 11th.
    const late = await w.ticket({ status: "pending", createdAt: new Date("2024-03-11T01:00:00Z") });
    const next = await w.ticket({ status: "pending", createdAt: new Date("2024-03-11T12:00:00Z") });
    expect(await ids(admin, { date: "2024-03-10" })).toEqual([late.id]);
    expect(await ids(admin, { date: "2024-03-11" })).toEqual([next.id]);
    await s.ctx.db
      .update(tickets)
      .set({ updatedAt: new Date("2024-05-01T15:00:00Z") })
      .where(eq(tickets.id, next.id));
    expect(await ids(admin, { updatedAt: "2024-05-01" })).toEqual([next.id]);
    const impossible = await s.request({ path: "/tickets?date=2024-02-30", token: admin });
    expect(impossible.statusCode).toBe(400);
  });
});

describe("tickets: search", () => {
  it("matches contact name, number (by its digits) and any message text, ignoring case", async () => {
    const w = await workspace();
    const admin = w.t.admin.token;
    const contact = await buildContact(s, w.companyId, { name: "Joana Prado", number: "5511987654321" });
    const joana = await buildTicket(s, {
      companyId: w.companyId,
      contactId: contact.id,
      whatsappId: w.wa.id,
      status: "closed",
    });
    const talker = await w.ticket({ status: "open", userId: w.colleague.id });
    await buildMessage(s, talker, { body: "Quero o Boleto de Março, por favor" });
    const search = (searchParam: string) => ids(admin, { searchParam, showAll: "true" });
    expect(await search("joana")).toEqual([joana.id]);
    expect(await search("PRADO")).toEqual([joana.id]);
    expect(await search("(11) 98765")).toEqual([joana.id]);
    expect(await search("boleto de março")).toEqual([talker.id]);
    expect(await search("100%")).toEqual([]);
    // An agent's search stays within what they see.
    expect(await ids(w.agentToken, { searchParam: "boleto", showAll: "true" })).toEqual([]);
  });
});

describe("tickets: order and paging", () => {
  it("most recently updated first, newest id first on ties, pages of 40 with count and hasMore", async () => {
    const t = await buildTenant(s);
    const contact = await buildContact(s, t.company.id);
    const same = new Date("2024-01-01T00:00:00Z");
    const made = [];
    for (let i = 0; i < ticketPageSize + 5; i++) {
      made.push(
        await buildTicket(s, {
          companyId: t.company.id,
          contactId: contact.id,
          status: "pending",
          updatedAt: i < 10 ? same : new Date(Date.UTC(2024, 1, 1, 0, i)),
        }),
      );
    }
    const expected = [...made]
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id)
      .map((x) => x.id);
    const first = await list(t.admin.token, { status: "pending" });
    expect(first.tickets.map((x) => x.id)).toEqual(expected.slice(0, ticketPageSize));
    expect(first).toMatchObject({ count: ticketPageSize + 5, hasMore: true });
    const second = await list(t.admin.token, { status: "pending", pageNumber: 2 });
    expect(second.tickets.map((x) => x.id)).toEqual(expected.slice(ticketPageSize));
    expect(second.hasMore).toBe(false);
  });
  it("counts up to ticketCountCap and no further; hasMore still tells the truth", async () => {
    const t = await buildTenant(s);
    const contact = await buildContact(s, t.company.id);
    await s.ctx.database.raw.query(
      `insert into tickets (company_id, contact_id, status) select $1, $2, 'closed' from generate_series(1, $3)`,
      [t.company.id, contact.id, ticketCountCap + 5],
    );
    const first = await list(t.admin.token, { status: "closed", showAll: "true" });
    expect(first).toMatchObject({ count: ticketCountCap, hasMore: true });
    const last = await list(t.admin.token, { status: "closed", showAll: "true", pageNumber: 251 });
    expect(last.tickets).toHaveLength(5);
    expect(last.hasMore).toBe(false);
  });
});
