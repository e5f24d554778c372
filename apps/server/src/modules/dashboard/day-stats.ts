/**
 * A period read in two parts: its whole UTC days from ticket_day_stats (one
 * row per day and attendant, db/schema/ticket-day-stats.ts) and the partial
 * days at its ends from the tickets' indexes, so a 90-day period reads some
 * 900 kept rows and at most two days of tickets instead of every ticket
 * closed or accepted in it. Any bounds split the same way (company-local
 * midnights, a rolling window ending now, an open start).
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { ticketDayStats } from "../../db/schema/index.js";
import type { Period } from "./period.js";

/** The first UTC midnight at or after `at` and the last at or before it, as dates. */
const dayAtOrAfter = (at: SQL) =>
  sql`(date_trunc('day', (${at} at time zone 'UTC') - interval '1 microsecond') + interval '1 day')::date`;
const dayAtOrBefore = (at: SQL) => sql`date_trunc('day', ${at} at time zone 'UTC')::date`;
const midnightOf = (day: SQL) => sql`(${day}::timestamp at time zone 'UTC')`;

export interface DaySplit {
  /** The whole UTC days, as a condition on ticket_day_stats.day (none when the period holds no whole day). */
  days: SQL;
  /** The rest: before the first whole day, and after the last (or, with no whole day, the whole period). */
  ends: [Period, Period];
}

export function splitByDays(p: Period): DaySplit {
  const first = dayAtOrAfter(p.from);
  const end = dayAtOrBefore(p.to);
  return {
    days: sql`(${ticketDayStats.day} >= ${first} and ${ticketDayStats.day} < ${end})`,
    ends: [
      { from: p.from, to: sql`least(${midnightOf(first)}, ${p.to})` },
      { from: sql`greatest(${midnightOf(end)}, ${midnightOf(first)})`, to: p.to },
    ],
  };
}

const minutes = (micros: SQL) => sql<number>`coalesce(sum(${micros}) / 60000000, 0)::float8`;
const total = (column: SQL) => sql<number>`coalesce(sum(${column}), 0)::int`;

/** The kept closes of the period's whole days, per attendant, shaped as closedByUser's groups. */
export function closedOnDays(db: Db, companyId: number, split: DaySplit) {
  const s = ticketDayStats;
  return db
    .select({
      userId: s.userId,
      finished: total(sql`${s.finished}`),
      supportMinutes: minutes(sql`${s.supportMicros}`),
      supportCount: total(sql`${s.supportCount}`),
      resolutionMinutes: minutes(sql`${s.resolutionMicros}`),
      resolutionCount: total(sql`${s.resolutionCount}`),
      firstResponseBusinessMinutes: sql<number>`coalesce(sum(${s.firstResponseBusinessMinutes}), 0)::float8`,
      firstResponseBusinessCount: total(sql`${s.firstResponseBusinessCount}`),
      resolutionBusinessMinutes: sql<number>`coalesce(sum(${s.resolutionBusinessMinutes}), 0)::float8`,
      resolutionBusinessCount: total(sql`${s.resolutionBusinessCount}`),
    })
    .from(s)
    .where(and(eq(s.companyId, companyId), split.days))
    .groupBy(s.userId);
}

/** The kept waits of the period's whole days. */
export function waitOnDays(db: Db, companyId: number, split: DaySplit) {
  const s = ticketDayStats;
  return db
    .select({ minutes: minutes(sql`${s.waitMicros}`), count: total(sql`${s.waitCount}`) })
    .from(s)
    .where(and(eq(s.companyId, companyId), split.days));
}
