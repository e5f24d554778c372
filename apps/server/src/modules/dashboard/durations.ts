/**
 * How long something took, in minutes, for the dashboard's averages. Plain
 * wall-clock minutes today. Counting only business hours will use
 * `businessMinutesBetween` (automation/business-hours.ts, issue 11 item 3):
 * every average goes through `meanMinutes`, so that switch happens here alone.
 */
import { sql, type SQL } from "drizzle-orm";

/** The mean of `to - from` in minutes over the rows where both are set and in order; 0 with no row. */
export function meanMinutes(from: SQL, to: SQL, filter: SQL): SQL<number> {
  return sql<number>`coalesce(avg(extract(epoch from (${to} - ${from})) / 60) filter (where ${to} >= ${from} and ${filter}), 0)::float8`;
}
