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

export async function dashboardData(ctx: Context, companyId: number, q: DashboardQuery): Promise<DashboardResult> {
  const period = periodOf(companyId, q);
  const closed = await closedByUser(ctx.db, companyId, period);
  const [counters, attendants] = await Promise.all([
    countersOf(ctx.db, companyId, period, closed),
    attendantsOf(ctx.db, companyId, period, closed),
  ]);
  return { counters, attendants };
}

export async function ticketsPerUserChart(ctx: Context, companyId: number, q: DashboardChartQuery) {
  return { data: await ticketsPerUser(ctx.db, companyId, dayRange(companyId, q.initialDate, q.finalDate)) };
}

/** One day selected → its hours; otherwise days. The count is the total of the bars. */
export async function ticketsPerDayChart(
  ctx: Context,
  companyId: number,
  q: DashboardChartQuery,
): Promise<{ data: TicketsPerDayRow[]; count: number }> {
  const tz = await settingValue(ctx.db, companyId, "timezone");
  const byHour = q.initialDate === q.finalDate;
  const data = await ticketsPerDay(ctx.db, companyId, dayRange(companyId, q.initialDate, q.finalDate), tz, byHour);
  return { data, count: data.reduce((sum, row) => sum + row.total, 0) };
}
