/**
 * Dashboard (core-platform §2.15, §7.7; SERVER-BEHAVIOUR "Metrics"): reads
 * only, always for the caller's company. The charts' companyId query value is
 * never read: the company comes from the token (DESIGN §4 "Tenancy").
 */
import type { DashboardChartQuery, DashboardQuery, DashboardResult, TicketsPerDayRow } from "@balcao/contracts";
import type { Context } from "../../context.js";
import { settingValue } from "../settings/settings.queries.js";
import { ticketsPerDay, ticketsPerUser } from "./charts.queries.js";
import { attendantsOf, closedByUser, countersOf } from "./dashboard.queries.js";
import { dayRange, periodOf } from "./period.js";

/** Periods and buckets are company-local days (the timezone setting). */
const timeZoneOf = (ctx: Context, companyId: number) => settingValue(ctx.db, companyId, "timezone");

export async function dashboardData(ctx: Context, companyId: number, q: DashboardQuery): Promise<DashboardResult> {
  const period = periodOf(await timeZoneOf(ctx, companyId), q);
  // The closed tickets feed both halves; they are read beside the others' queries, not before them.
  const closed = closedByUser(ctx.db, companyId, period);
  // Its failure reaches the caller through the halves; this only keeps it from being unhandled if one fails first.
  closed.catch(() => undefined);
  const [counters, attendants] = await Promise.all([
    countersOf(ctx.db, companyId, period, closed),
    attendantsOf(ctx.db, companyId, period, closed),
  ]);
  return { counters, attendants };
}

export async function ticketsPerUserChart(ctx: Context, companyId: number, q: DashboardChartQuery) {
  const range = dayRange(await timeZoneOf(ctx, companyId), q.initialDate, q.finalDate);
  return { data: await ticketsPerUser(ctx.db, companyId, range) };
}

/** One day selected → its hours; otherwise days. The count is the total of the bars. */
export async function ticketsPerDayChart(
  ctx: Context,
  companyId: number,
  q: DashboardChartQuery,
): Promise<{ data: TicketsPerDayRow[]; count: number }> {
  const tz = await timeZoneOf(ctx, companyId);
  const byHour = q.initialDate === q.finalDate;
  const data = await ticketsPerDay(ctx.db, companyId, dayRange(tz, q.initialDate, q.finalDate), tz, byHour);
  return { data, count: data.reduce((sum, row) => sum + row.total, 0) };
}
