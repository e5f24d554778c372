/** Dashboard (core-platform §2.15, §4.8, §5 "Dashboard", §7.7; SERVER-BEHAVIOUR "Metrics"). */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settings, userRatings, users } from "../../db/schema/index.js";
import { buildContact, buildTicket } from "../../../test/conversations.js";
import { buildTenant, buildUser } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

type Tenant = Awaited<ReturnType<typeof buildTenant>>;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const get = (token: string, path: string) => s.request({ path, token });
const dashboard = async (t: Tenant, query: string) => {
  const res = await get(t.admin.token, `/dashboard?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** A ticket of a new contact of the company, with the given timeline. */
async function ticket(
  companyId: number,
  fields: Parameters<typeof buildTicket>[1] extends infer T ? Partial<T> : never,
) {
  const contact = await buildContact(s, companyId);
  return buildTicket(s, { companyId, contactId: contact.id, ...fields });
}

async function setTimeZone(companyId: number, value: string) {
  await s.ctx.db
    .update(settings)
    .set({ value })
    .where(and(eq(settings.companyId, companyId), eq(settings.key, "timezone")));
}

/** The same kind of data in another company, which must never be counted. */
async function otherCompanyNoise() {
  const o = await buildTenant(s);
  const closer = o.agent.id;
  for (let i = 0; i < 3; i++) {
    const t = await ticket(o.company.id, {
      status: "closed",
      userId: closer,
      createdAt: minutesAgo(300),
      acceptedAt: minutesAgo(200),
      closedAt: minutesAgo(20),
    });
    await s.ctx.db.insert(userRatings).values({ companyId: o.company.id, ticketId: t.id, userId: closer, rate: 1 });
  }
  await ticket(o.company.id, { status: "open", userId: closer });
  await ticket(o.company.id, { status: "pending" });
  return o;
}

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

describe("dashboard charts", () => {
  it("counts tickets created in the range per attendant, never another company's even when its companyId is sent", async () => {
    const t = await buildTenant(s);
    const c = t.company.id;
    const other = await otherCompanyNoise();
    const day = new Date("2026-04-02T15:00:00Z");
    await ticket(c, { status: "open", userId: t.agent.id, createdAt: day });
    await ticket(c, { status: "closed", userId: t.agent.id, createdAt: day });
    await ticket(c, { status: "open", userId: t.admin.id, createdAt: day });
    await ticket(c, { status: "pending", createdAt: day }); // no attendant: not a bar
    await ticket(c, { status: "open", userId: t.admin.id, createdAt: new Date("2026-05-01T15:00:00Z") });
    for (const companyId of [c, other.company.id]) {
      const res = await get(
        t.admin.token,
        `/dashboard/ticketsUsers?initialDate=2026-04-01&finalDate=2026-04-30&companyId=${companyId}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: [
          { nome: t.agent.name, quantidade: 2 },
          { nome: t.admin.name, quantidade: 1 },
        ],
      });
    }
  });

  it("counts per company-local day, or per hour when one day is chosen, with the total", async () => {
    const t = await buildTenant(s);
    const c = t.company.id;
    await otherCompanyNoise();
    await setTimeZone(c, "America/Sao_Paulo");
    // Local 2026-03-09 23:30, 2026-03-09 09:05 (twice) and 2026-03-10 00:10.
    for (const at of ["2026-03-10T02:30:00Z", "2026-03-09T12:05:00Z", "2026-03-09T12:50:00Z", "2026-03-10T03:10:00Z"]) {
      await ticket(c, { status: "pending", createdAt: new Date(at) });
    }
    const days = await get(
      t.admin.token,
      `/dashboard/ticketsDay?initialDate=2026-03-01&finalDate=2026-03-31&companyId=${c}`,
    );
    expect(days.json()).toEqual({
      data: [
        { data: "2026-03-09", total: 3 },
        { data: "2026-03-10", total: 1 },
      ],
      count: 4,
    });
    const hours = await get(t.admin.token, `/dashboard/ticketsDay?initialDate=2026-03-09&finalDate=2026-03-09`);
    expect(hours.json()).toEqual({
      data: [
        { horario: 9, total: 2 },
        { horario: 23, total: 1 },
      ],
      count: 3,
    });
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
