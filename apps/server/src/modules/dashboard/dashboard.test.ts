/** Dashboard (core-platform §2.15, §4.8, §5 "Dashboard", §7.7; SERVER-BEHAVIOUR "Metrics"); its charts: dashboard.charts.test.ts. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userRatings, users } from "../../db/schema/index.js";
import { buildContact, buildTicket } from "../../../test/conversations.js";
import { buildTenant, buildUser } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { dashboardScene, minutesAgo } from "../../../test/dashboard-scene.js";

let s: TestServer;
serverPerFile((started) => (s = started));
const { get, dashboard, ticket, setTimeZone, otherCompanyNoise } = dashboardScene(() => s);

describe("dashboard counters", () => {
  it("counts open and pending now, tickets closed in the period with their mean times, and new contacts", async () => {
    const t = await buildTenant(s);
    const c = t.company.id;
    await otherCompanyNoise();
    // Accepted in the period: its 20 min wait counts, though it is still open.
    await ticket(c, { status: "open", userId: t.agent.id, createdAt: minutesAgo(25), acceptedAt: minutesAgo(5) });
    await ticket(c, { status: "pending" });
    await ticket(c, { status: "pending" });
    // Waited 30 min (queued → accept), served 30 min (accept → close), 60 min from creation to close.
    await ticket(c, {
      status: "closed",
      userId: t.agent.id,
      createdAt: minutesAgo(180),
      queuedAt: minutesAgo(180),
      acceptedAt: minutesAgo(150),
      closedAt: minutesAgo(120),
    });
    // Never queued: waited 10 min from creation; served 60 min, 70 min from creation to close.
    await ticket(c, {
      status: "closed",
      userId: t.admin.id,
      createdAt: minutesAgo(100),
      acceptedAt: minutesAgo(90),
      closedAt: minutesAgo(30),
    });
    // Closed 10 days ago: outside a 7-day period, inside a 15-day one. Its contact is old too.
    const oldContact = await buildContact(s, c, { createdAt: minutesAgo(10 * 1440) });
    await buildTicket(s, {
      companyId: c,
      contactId: oldContact.id,
      status: "closed",
      userId: t.agent.id,
      createdAt: minutesAgo(10 * 1440 + 60),
      acceptedAt: minutesAgo(10 * 1440 + 30),
      closedAt: minutesAgo(10 * 1440),
    });

    const week = await dashboard(t, "days=7");
    expect(week.counters).toEqual({
      supportHappening: 1,
      supportPending: 2,
      supportFinished: 2,
      avgSupportTime: 45,
      avgWaitTime: 20,
      leads: 5,
      avgResolutionTime: 65,
      // Their business-hours figures are written when an agent answers and closes (dashboard.durations.test.ts).
      avgFirstResponseBusinessTime: 0,
      avgResolutionBusinessTime: 0,
    });
    const fortnight = await dashboard(t, "days=15");
    expect(fortnight.counters).toMatchObject({ supportHappening: 1, supportPending: 2, supportFinished: 3, leads: 6 });
    expect(fortnight.counters.avgSupportTime).toBeCloseTo(40);
  });

  it("answers zeros for a company with nothing in the period", async () => {
    const t = await buildTenant(s);
    await otherCompanyNoise();
    const res = await dashboard(t, "days=30");
    expect(res.counters).toEqual({
      supportHappening: 0,
      supportPending: 0,
      supportFinished: 0,
      avgSupportTime: 0,
      avgWaitTime: 0,
      leads: 0,
      avgResolutionTime: 0,
      avgFirstResponseBusinessTime: 0,
      avgResolutionBusinessTime: 0,
    });
  });

  it("filter type 1 reads company-local days: a ticket closed at 23:30 in São Paulo is that day's, not the next", async () => {
    const t = await buildTenant(s);
    const c = t.company.id;
    await setTimeZone(c, "America/Sao_Paulo");
    // 2026-03-10 02:30 UTC is 2026-03-09 23:30 in São Paulo (UTC−3).
    await ticket(c, {
      status: "closed",
      userId: t.agent.id,
      createdAt: new Date("2026-03-09T20:00:00Z"),
      acceptedAt: new Date("2026-03-10T02:00:00Z"),
      closedAt: new Date("2026-03-10T02:30:00Z"),
    });
    const ninth = await dashboard(t, "days=0&date_from=2026-03-09&date_to=2026-03-09");
    expect(ninth.counters).toMatchObject({ supportFinished: 1, avgSupportTime: 30 });
    const tenth = await dashboard(t, "date_from=2026-03-10&date_to=2026-03-10");
    expect(tenth.counters.supportFinished).toBe(0);
    // In UTC the same ticket belongs to the 10th.
    await setTimeZone(c, "UTC");
    expect((await dashboard(t, "date_from=2026-03-10&date_to=2026-03-10")).counters.supportFinished).toBe(1);
    // One date alone leaves the other side open; the client's empty values are no values.
    expect((await dashboard(t, "days=&date_from=2026-03-01&date_to=")).counters.supportFinished).toBe(1);
    expect((await dashboard(t, "date_to=2026-03-09")).counters.supportFinished).toBe(0);
  });
});

describe("dashboard attendants", () => {
  it("lists every user with mean rating, mean support time, closed tickets and presence, for its company only", async () => {
    const t = await buildTenant(s);
    const c = t.company.id;
    const other = await otherCompanyNoise();
    const idle = await buildUser(s, { companyId: c, name: "Zeca" });
    await s.ctx.db.update(users).set({ online: true }).where(eq(users.id, t.agent.id));
    // Reported 2 minutes ago then disconnected: still online (activity within 5 minutes).
    await s.ctx.db
      .update(users)
      .set({ online: false, lastSeenAt: minutesAgo(2) })
      .where(eq(users.id, t.admin.id));
    await s.ctx.db
      .update(users)
      .set({ online: false, lastSeenAt: minutesAgo(10) })
      .where(eq(users.id, idle.id));
    const rate = async (rateValue: number, at: Date) => {
      const closed = await ticket(c, {
        status: "closed",
        userId: t.agent.id,
        createdAt: minutesAgo(200),
        acceptedAt: minutesAgo(100),
        closedAt: minutesAgo(10),
      });
      await s.ctx.db
        .insert(userRatings)
        .values({ companyId: c, ticketId: closed.id, userId: t.agent.id, rate: rateValue, createdAt: at });
    };
    await rate(3, minutesAgo(5));
    await rate(2, minutesAgo(5));
    await rate(1, minutesAgo(40 * 1440)); // outside the period
    const before = await s.ctx.db.query.users.findMany({ where: eq(users.companyId, c) });

    const { attendants } = await dashboard(t, "days=30");
    const byId = new Map(attendants.map((a: { id: number }) => [a.id, a]));
    expect(byId.get(t.agent.id)).toEqual({
      id: t.agent.id,
      name: t.agent.name,
      rating: 2.5,
      avgSupportTime: 90,
      avgResolutionTime: 190,
      tickets: 3,
      online: true,
    });
    expect(byId.get(t.admin.id)).toMatchObject({ rating: null, avgSupportTime: 0, tickets: 0, online: true });
    expect(byId.get(idle.id)).toMatchObject({ name: "Zeca", online: false });
    expect(attendants).toHaveLength(3);
    expect(JSON.stringify(attendants)).not.toContain(other.agent.name);
    // Reading the dashboard writes nothing on the users (no presence write per request).
    const after = await s.ctx.db.query.users.findMany({ where: eq(users.companyId, c) });
    expect(after).toEqual(before);
  });
});

describe("dashboard refusals", () => {
  it("refuses a call with no filter, dates out of order or unparsable, and changes nothing", async () => {
    const t = await buildTenant(s);
    for (const query of [
      "",
      "days=0",
      "days=&date_from=&date_to=",
      "date_from=2026-03-10&date_to=2026-03-09",
      "date_from=2026-02-30",
      "date_to=yesterday",
      "days=-3",
      "days=abc",
      "date_from=2020-01-01&date_to=2026-01-01",
    ]) {
      const res = await get(t.admin.token, `/dashboard?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toBe("ERR_VALIDATION");
    }
    const noFilter = await get(t.admin.token, "/dashboard?days=0");
    expect(noFilter.json().fields).toEqual([{ path: "days", message: "set filter parameters" }]);
    const reversed = await get(t.admin.token, "/dashboard?date_from=2026-03-10&date_to=2026-03-09");
    expect(reversed.json().fields).toEqual([{ path: "date_to", message: "date before the start date" }]);
    for (const path of ["/dashboard/ticketsUsers", "/dashboard/ticketsDay"]) {
      for (const query of [
        "",
        "initialDate=2026-03-01",
        "initialDate=2026-03-10&finalDate=2026-03-01",
        "initialDate=x&finalDate=y",
      ]) {
        const res = await get(t.admin.token, `${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json().error).toBe("ERR_VALIDATION");
      }
    }
  });

  it("is for admins only: an agent is refused every call", async () => {
    const t = await buildTenant(s);
    for (const path of [
      "/dashboard?days=7",
      "/dashboard/ticketsUsers?initialDate=2026-03-01&finalDate=2026-03-02",
      "/dashboard/ticketsDay?initialDate=2026-03-01&finalDate=2026-03-02",
    ]) {
      const res = await get(t.agent.token, path);
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
      expect((await s.request({ path })).statusCode).toBe(401);
    }
  });
});
