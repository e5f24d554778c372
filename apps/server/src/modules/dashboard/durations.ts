/**
 * How long something took, in minutes, for the dashboard's averages. Plain
 * wall-clock minutes today: each group sums its intervals in SQL (an interval
 * sum, not a per-row numeric, so 90 days of tickets stay cheap) and `meanOf`
 * divides. Counting only business hours will use `businessMinutesBetween`
 * (automation/business-hours.ts, issue 11 item 3): every duration the
 * dashboard shows goes through `durationSum` and `meanOf`, so that switch
 * happens in this file alone.
 */
import { sql, type SQL } from "drizzle-orm";

export interface DurationSum {
  seconds: number;
  count: number;
}

/** The SQL of a DurationSum over the group's rows where both ends are set and in order. */
export function durationSum(from: SQL, to: SQL) {
  const counted = sql`${to} >= ${from}`;
  return {
    seconds: sql<number>`coalesce(extract(epoch from sum(${to} - ${from}) filter (where ${counted})), 0)::float8`,
    count: sql<number>`count(*) filter (where ${counted})::int`,
  };
}

/** Mean minutes of one or more sums; 0 with nothing counted. */
export function meanOf(...sums: DurationSum[]): number {
  const count = sums.reduce((n, s) => n + s.count, 0);
  return count === 0 ? 0 : sums.reduce((n, s) => n + s.seconds, 0) / 60 / count;
}
