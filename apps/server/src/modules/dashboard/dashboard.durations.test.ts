/**
 * First-response and resolution times in business hours (issue 11 item 8
 * "Beyond"): an agent accepts, replies and closes over real HTTP at the
 * company's wall-clock times (the process clock set with fake Dates), each
 * ticket keeps its figures, and GET /dashboard averages them.
 *
 * The company: São Paulo (UTC−3), open Monday to Friday 08:00–18:00, the
 * accept greeting on (an automatic message, which is no first response).
 * 2026-03-06 is a Friday, 2026-03-09 the Monday after.
 */
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Weekday } from "@balcao/contracts";
import { companies, messages, queues, settings, tickets } from "../../db/schema/index.js";
import { buildCloudConnection, cloudServerPerFile } from "../../../test/cloud-connection.js";
import { buildContact, buildTicket } from "../../../test/conversations.js";
import { buildQueue, buildTenant, buildUser, login } from "../../../test/factories.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));
afterEach(() => {
  vi.useRealTimers();
});

const weekdays: Weekday[] = ["monday", "tuesday", "wednesday", "thursday", "friday"];
const officeHours = weekdays.map((weekdayEn) => ({
  weekday: weekdayEn,
  weekdayEn,
  startTime: "08:00",
  endTime: "18:00",
}));

/** São Paulo wall-clock time as an instant. */
const sp = (local: string) => new Date(`${local}-03:00`);
/** The process clock (what the server stamps messages and closes with) reads `local` São Paulo time. */
function clockAt(local: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(sp(local));
}

async function company(scheduleType = "company") {
  const t = await buildTenant(s);
  const companyId = t.company.id;
  await s.ctx.db.update(companies).set({ schedules: officeHours }).where(eq(companies.id, companyId));
  const values = { timezone: "America/Sao_Paulo", scheduleType, sendGreetingAccepted: "enabled" };
  for (const [key, value] of Object.entries(values)) {
    await s.ctx.db
      .update(settings)
      .set({ value })
      .where(and(eq(settings.companyId, companyId), eq(settings.key, key)));
  }
  const queue = await buildQueue(s, companyId, { name: "Suporte" });
  const agent = await buildUser(s, { companyId, queueIds: [queue.id], name: "Marina" });
  const token = (await login(s, agent.email)).token;
  const wa = await buildCloudConnection(s, fake, companyId);
  /** A customer's ticket that arrived at `local` São Paulo time and waits in the queue. */
  async function arrived(local: string) {
    const contact = await buildContact(s, companyId);
    const at = sp(local);
    return buildTicket(s, {
      companyId,
      contactId: contact.id,
      whatsappId: wa.id,
      queueId: queue.id,
      status: "pending",
      createdAt: at,
      queuedAt: at,
    });
  }
  return { t, companyId, queue, agent, token, arrived };
}
type Company = Awaited<ReturnType<typeof company>>;

async function act(c: Company, ticketId: number, local: string, action: "accept" | "reply" | "close" | "reopen") {
  clockAt(local);
  const res =
    action === "reply"
      ? await s.request({
          method: "POST",
          path: `/messages/${ticketId}`,
          token: c.token,
          body: { read: 1, fromMe: true, mediaUrl: "", body: `Olá, ${local}`, quotedMsg: null },
        })
      : await s.request({
          method: "PUT",
          path: `/tickets/${ticketId}`,
          token: c.token,
          body: { status: action === "close" ? "closed" : "open", userId: c.agent.id },
        });
  vi.useRealTimers();
  expect(res.statusCode, res.body).toBe(200);
}

const figures = async (ticketId: number) =>
  (
    await s.ctx.db
      .select({
        firstResponse: tickets.firstResponseBusinessMinutes,
        resolution: tickets.resolutionBusinessMinutes,
      })
      .from(tickets)
      .where(eq(tickets.id, ticketId))
  )[0]!;

async function dashboard(c: Company, query: string) {
  const res = await s.request({ path: `/dashboard?${query}`, token: c.t.admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ counters: Record<string, number> }>().counters;
}

describe("first response and resolution in business hours", () => {
  it("counts only open hours across a weekend: Friday 17:50 → Monday 08:10 is 20 minutes", async () => {
    const c = await company();
    const ticket = await c.arrived("2026-03-06T17:50");
    // Accepting sends the automatic greeting (no agent on it): not a response.
    await act(c, ticket.id, "2026-03-09T08:05", "accept");
    const greeting = await s.ctx.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
    expect(greeting).toMatchObject([{ fromMe: true, userId: null }]);
    expect(await figures(ticket.id)).toEqual({ firstResponse: null, resolution: null });

    await act(c, ticket.id, "2026-03-09T08:10", "reply");
    expect((await figures(ticket.id)).firstResponse).toBeCloseTo(20);
    // A later reply leaves the first response as it was.
    await act(c, ticket.id, "2026-03-09T08:40", "reply");
    await act(c, ticket.id, "2026-03-09T09:00", "close");
    // 10 minutes on Friday, 60 on Monday.
    const closed = await figures(ticket.id);
    expect(closed.firstResponse).toBeCloseTo(20);
    expect(closed.resolution).toBeCloseTo(70);

    const counters = await dashboard(c, "date_from=2026-03-09&date_to=2026-03-09");
    expect(counters.supportFinished).toBe(1);
    expect(counters.avgFirstResponseBusinessTime).toBeCloseTo(20);
    expect(counters.avgResolutionBusinessTime).toBeCloseTo(70);
    // The clock's resolution time is still there, unchanged: 2 days 15 h 10 min.
    expect(counters.avgResolutionTime).toBeCloseTo(3790);
  });

  it("averages over the period's closed tickets; one with only automatic messages has no first response", async () => {
    const c = await company();
    const answered = await c.arrived("2026-03-09T09:00");
    await act(c, answered.id, "2026-03-09T09:05", "accept");
    await act(c, answered.id, "2026-03-09T09:30", "reply");
    await act(c, answered.id, "2026-03-09T10:00", "close");
    // Accepted (greeted automatically) and closed without a word from the agent.
    const silent = await c.arrived("2026-03-09T17:00");
    await act(c, silent.id, "2026-03-09T17:30", "accept");
    await act(c, silent.id, "2026-03-10T08:20", "close");
    expect(await figures(silent.id)).toMatchObject({ firstResponse: null });

    const counters = await dashboard(c, "date_from=2026-03-09&date_to=2026-03-10");
    expect(counters.supportFinished).toBe(2);
    // First response: the answered ticket's 30 minutes alone.
    expect(counters.avgFirstResponseBusinessTime).toBeCloseTo(30);
    // Resolution: 60 and 60 + 20 minutes.
    expect(counters.avgResolutionBusinessTime).toBeCloseTo(70);
    // A period without the closes counts neither.
    const before = await dashboard(c, "date_from=2026-03-01&date_to=2026-03-08");
    expect(before).toMatchObject({ avgFirstResponseBusinessTime: 0, avgResolutionBusinessTime: 0 });
  });

  it("a reopened ticket is resolved at its last close", async () => {
    const c = await company();
    const ticket = await c.arrived("2026-03-09T10:00");
    await act(c, ticket.id, "2026-03-09T10:05", "accept");
    await act(c, ticket.id, "2026-03-09T10:30", "close");
    expect((await figures(ticket.id)).resolution).toBeCloseTo(30);
    // The customer was not helped after all: reopened the next morning, closed again at 09:00.
    await act(c, ticket.id, "2026-03-10T08:30", "reopen");
    await act(c, ticket.id, "2026-03-10T09:00", "close");
    // 10:00–18:00 on Monday, 08:00–09:00 on Tuesday.
    expect((await figures(ticket.id)).resolution).toBeCloseTo(540);
    const counters = await dashboard(c, "date_from=2026-03-09&date_to=2026-03-10");
    expect(counters).toMatchObject({ supportFinished: 1 });
    expect(counters.avgResolutionBusinessTime).toBeCloseTo(540);
  });

  it("with scheduleType queue, the ticket's queue's hours count, not the company's", async () => {
    const c = await company("queue");
    const mornings = weekdays.map((weekdayEn) => ({
      weekday: weekdayEn,
      weekdayEn,
      startTime: "09:00",
      endTime: "12:00",
    }));
    await s.ctx.db.update(queues).set({ schedules: mornings }).where(eq(queues.id, c.queue.id));
    const ticket = await c.arrived("2026-03-09T08:00");
    await act(c, ticket.id, "2026-03-09T08:30", "accept");
    await act(c, ticket.id, "2026-03-09T10:00", "reply");
    await act(c, ticket.id, "2026-03-09T14:00", "close");
    // 09:00–10:00 and 09:00–12:00 (the company's hours would give 120 and 360).
    const closed = await figures(ticket.id);
    expect(closed.firstResponse).toBeCloseTo(60);
    expect(closed.resolution).toBeCloseTo(180);
  });

  it("with business hours disabled every minute counts", async () => {
    const c = await company("disabled");
    const ticket = await c.arrived("2026-03-06T17:50");
    await act(c, ticket.id, "2026-03-09T08:05", "accept");
    await act(c, ticket.id, "2026-03-09T08:10", "reply");
    await act(c, ticket.id, "2026-03-09T09:00", "close");
    // Friday 17:50 → Monday 08:10 on the clock: 2 days 14 h 20 min.
    expect(await figures(ticket.id)).toEqual({
      firstResponse: expect.closeTo(3740) as number,
      resolution: expect.closeTo(3790) as number,
    });
  });
});
