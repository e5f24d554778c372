/**
 * The dashboard's period as SQL bounds (core-platform §4.8). Filter type 2
 * (days) is a rolling window ending now; type 1 (dates) runs from the start
 * date's midnight to the end of the end date, both in the company's time zone.
 * One date alone leaves the other side open.
 */
import type { DashboardQuery } from "@balcao/contracts";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

export interface Period {
  from: SQL;
  to: SQL;
}

/**
 * Midnight of `day` (+ plusDays) in time zone `tz`. The zone is read once per
 * call and sent as a value, so the planner sees constant bounds and estimates
 * the period's rows from the index statistics.
 */
const midnight = (tz: string, day: string, plusDays = 0): SQL =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${tz})`;

export function periodOf(tz: string, q: DashboardQuery): Period {
  if (q.days) return { from: sql`(now() - make_interval(days => ${q.days}::int))`, to: sql`now()` };
  return {
    from: q.date_from ? midnight(tz, q.date_from) : sql`'-infinity'::timestamptz`,
    to: q.date_to ? midnight(tz, q.date_to, 1) : sql`now()`,
  };
}

/** The chart calls: whole days from initialDate to finalDate. */
export function dayRange(tz: string, initialDate: string, finalDate: string): Period {
  return { from: midnight(tz, initialDate), to: midnight(tz, finalDate, 1) };
}

/** `column` inside the period: from inclusive, to exclusive. */
export const within = (column: SQLWrapper, p: Period): SQL => sql`(${column} >= ${p.from} and ${column} < ${p.to})`;
