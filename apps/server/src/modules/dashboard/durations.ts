/**
 * How long something took, in minutes: the one place of the dashboard's
 * duration maths (issue 11 item 8).
 * - Wall-clock figures (support, wait, resolution): each group sums its
 *   intervals in SQL (an interval sum, not a per-row numeric, so 90 days of
 *   tickets stay cheap) with `durationSum`.
 * - Business-hours figures (first response, resolution): walking a calendar
 *   per row over 90 days of tickets would not fit the §9 budget, so each
 *   ticket's figure is worked out once, when it happens
 *   (`ticketBusinessMinutes`, called by tickets/ticket-durations.ts), stored
 *   on the ticket, and summed with `storedMinutesSum`.
 * `meanOf` turns any of these sums into the mean the dashboard shows.
 */
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { businessMinutesBetween } from "../../automation/business-hours.js";
import { hoursForTicket } from "../../automation/business-hours.queries.js";
import type { Db } from "../../db/client.js";

export interface DurationSum {
  minutes: number;
  count: number;
}

/** The SQL of a DurationSum over the group's rows where both ends are set and in order. */
export function durationSum(from: SQL, to: SQL) {
  const counted = sql`${to} >= ${from}`;
  return {
    minutes: sql<number>`coalesce(extract(epoch from sum(${to} - ${from}) filter (where ${counted})) / 60, 0)::float8`,
    count: sql<number>`count(*) filter (where ${counted})::int`,
  };
}

/** The SQL of a DurationSum over a column of stored minutes (rows without a figure are not counted). */
export function storedMinutesSum(column: SQLWrapper) {
  return {
    minutes: sql<number>`coalesce(sum(${column}), 0)::float8`,
    count: sql<number>`count(${column})::int`,
  };
}

/** Mean minutes of one or more sums; 0 with nothing counted. */
export function meanOf(...sums: DurationSum[]): number {
  const count = sums.reduce((n, s) => n + s.count, 0);
  return count === 0 ? 0 : sums.reduce((n, s) => n + s.minutes, 0) / count;
}

/**
 * Business minutes from `from` to `to` by the hours that apply to the ticket
 * (its company's or its queue's, by `scheduleType`, in the company's time
 * zone). Where no hours apply, every minute counts: nobody set hours, so the
 * customer's wait is the clock's.
 */
export async function ticketBusinessMinutes(
  db: Db,
  companyId: number,
  ticket: { queueId: number | null; whatsappId: number | null },
  from: Date,
  to: Date,
): Promise<number> {
  const applies = await hoursForTicket(db, companyId, ticket);
  return businessMinutesBetween(applies?.hours ?? [], applies?.timeZone ?? "UTC", from, to);
}
