/**
 * ticket_day_stats (db/schema/ticket-day-stats.ts, migration 0035) stays what
 * summing the tickets gives, day by day and attendant by attendant, through
 * creating, accepting, closing, reopening, reassigning and deleting tickets;
 * and a period split into kept whole days and partial ends (day-stats.ts)
 * answers what reading every ticket in it answers.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../../db/rows.js";
import { tickets } from "../../db/schema/index.js";
import { buildTenant, buildUser } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { dashboardScene, minutesAgo } from "../../../test/dashboard-scene.js";

let s: TestServer;
serverPerFile((started) => (s = started));
const { dashboard, ticket } = dashboardScene(() => s);

const micros = (from: string, to: string) =>
  `case when ${to} >= ${from} then (extract(epoch from ${to} - ${from}) * 1000000)::bigint else 0 end`;
const counted = (from: string, to: string) => `case when ${to} >= ${from} then 1 else 0 end`;

/** The company's figures per day and attendant, summed from its tickets, and as kept; groups kept at zero left out. */
async function statsOf(companyId: number) {
  const order = `order by day, user_id nulls first`;
  const figures = `sum(finished)::int as finished, sum(support_micros)::bigint as support, sum(support_count)::int as sc,
    sum(resolution_micros)::bigint as resolution, sum(resolution_count)::int as rc,
    sum(first_response_business_minutes)::float8 as frb, sum(first_response_business_count)::int as frbc,
    sum(resolution_business_minutes)::float8 as rb, sum(resolution_business_count)::int as rbc,
    sum(wait_micros)::bigint as wait, sum(wait_count)::int as wc`;
  const queued = "coalesce(queued_at, created_at)";
  const fromTickets = await rowsOf(
    s.ctx.db,
    sql.raw(`select day, user_id, ${figures} from (
      select (closed_at at time zone 'UTC')::date as day, user_id, 1 as finished,
        ${micros("accepted_at", "closed_at")} as support_micros, ${counted("accepted_at", "closed_at")} as support_count,
        ${micros("created_at", "closed_at")} as resolution_micros, ${counted("created_at", "closed_at")} as resolution_count,
        coalesce(first_response_business_minutes, 0) as first_response_business_minutes,
        (first_response_business_minutes is not null)::int as first_response_business_count,
        coalesce(resolution_business_minutes, 0) as resolution_business_minutes,
        (resolution_business_minutes is not null)::int as resolution_business_count,
        0 as wait_micros, 0 as wait_count
      from tickets where company_id = ${companyId} and closed_at is not null
      union all
      select (accepted_at at time zone 'UTC')::date, user_id, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ${micros(queued, "accepted_at")}, ${counted(queued, "accepted_at")}
      from tickets where company_id = ${companyId} and accepted_at is not null
    ) t group by day, user_id ${order}`),
  );
  const kept = await rowsOf(
    s.ctx.db,
    sql.raw(`select day, user_id, ${figures} from ticket_day_stats where company_id = ${companyId}
      group by day, user_id having sum(finished) <> 0 or sum(wait_count) <> 0 ${order}`),
  );
  return { fromTickets, kept };
}

async function expectKept(companyId: number) {
  const { fromTickets, kept } = await statsOf(companyId);
  expect(kept).toEqual(fromTickets);
}

describe("ticket_day_stats", () => {
  it("stays the tickets' sums through accept, close, reopen, reassignment, business minutes and delete", async () => {
    const t = await buildTenant(s);
    const c = t.company.id;
    const other = await buildUser(s, { companyId: c });
    const days = (n: number) => n * 1440;
    const waiting = await ticket(c, { status: "pending", createdAt: minutesAgo(days(3)) });
    const closed = await ticket(c, {
      status: "closed",
      userId: t.agent.id,
      createdAt: minutesAgo(days(5) + 90),
      queuedAt: minutesAgo(days(5) + 60),
      acceptedAt: minutesAgo(days(5) + 30),
      closedAt: minutesAgo(days(5)),
      firstResponseBusinessMinutes: 12.5,
    });
    await expectKept(c);

    const set = (id: number, fields: Partial<typeof tickets.$inferInsert>) =>
      s.ctx.db.update(tickets).set(fields).where(eq(tickets.id, id));
    await set(waiting.id, { status: "open", userId: t.agent.id, acceptedAt: minutesAgo(days(2)) });
    await expectKept(c);
    await set(waiting.id, { status: "closed", closedAt: minutesAgo(days(1)), resolutionBusinessMinutes: 33.25 });
    await expectKept(c);
    // Reopened, then closed again by someone else a day later: its close moves to that day and attendant.
    await set(waiting.id, { status: "open", userId: other.id });
    await set(waiting.id, { status: "closed", closedAt: minutesAgo(10) });
    await expectKept(c);
    // A close before the accept (clock skew) counts as finished, its support time not.
    await set(closed.id, { acceptedAt: minutesAgo(days(4)) });
    await expectKept(c);
    await s.ctx.db.delete(tickets).where(eq(tickets.id, closed.id));
    await expectKept(c);
    await s.request({ method: "DELETE", path: `/users/${other.id}`, token: t.admin.token });
    await expectKept(c);
  });

  it("a period's figures are the same from kept whole days and partial ends as from every ticket", async () => {
    const t = await buildTenant(s);
    const c = t.company.id;
    // Closed across a week, at times that leave partial days at both ends of any period.
    for (let day = 0; day < 8; day++) {
      await ticket(c, {
        status: "closed",
        userId: day % 2 ? t.agent.id : t.admin.id,
        createdAt: minutesAgo(day * 1440 + 200),
        queuedAt: minutesAgo(day * 1440 + 190),
        acceptedAt: minutesAgo(day * 1440 + 170 - day),
        closedAt: minutesAgo(day * 1440 + 100 - day * 7),
      });
    }
    const week = await dashboard(t, "days=7");
    // 7 rolling days from now: the tickets of days 0–6 (day 7 closed 7 days and 51 minutes ago).
    expect(week.counters).toMatchObject({ supportFinished: 7 });
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const inWeek = [0, 1, 2, 3, 4, 5, 6];
    expect(week.counters.avgSupportTime).toBeCloseTo(mean(inWeek.map((d) => 70 + 6 * d)));
    expect(week.counters.avgResolutionTime).toBeCloseTo(mean(inWeek.map((d) => 100 + 7 * d)));
    expect(week.counters.avgWaitTime).toBeCloseTo(mean(inWeek.map((d) => 20 + d)));
    const everything = await dashboard(t, "days=30");
    expect(everything.counters).toMatchObject({ supportFinished: 8 });
  });
});
