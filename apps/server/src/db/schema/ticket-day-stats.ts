import { bigint, date, integer, numeric, pgTable, unique } from "drizzle-orm/pg-core";

/**
 * The dashboard's figures of each company's tickets per UTC day and attendant,
 * kept by triggers on tickets (migration 0035) in the statement that changes
 * what they sum, so they never drift: a period's whole UTC days are read here
 * (a row per day and attendant) and only its partial days at either end from
 * the tickets' indexes (modules/dashboard/day-stats.ts), instead of every
 * ticket closed or accepted in, say, 90 days.
 *
 * A ticket counts on the day it was closed (finished, and its durations up to
 * the close) and on the day it was accepted (its wait). Durations are summed
 * in microseconds and stored minutes as numeric: exact, so adding and taking
 * a ticket away again leaves nothing behind. No foreign keys: deleting a
 * company or a user deletes or changes tickets, whose triggers still write here.
 */
export const ticketDayStats = pgTable(
  "ticket_day_stats",
  {
    companyId: integer("company_id").notNull(),
    day: date("day").notNull(),
    userId: integer("user_id"),
    /** Closed that day. */
    finished: integer("finished").notNull().default(0),
    /** Accept → close, over the closes that day whose accept came first. */
    supportMicros: bigint("support_micros", { mode: "number" }).notNull().default(0),
    supportCount: integer("support_count").notNull().default(0),
    /** Create → close. */
    resolutionMicros: bigint("resolution_micros", { mode: "number" }).notNull().default(0),
    resolutionCount: integer("resolution_count").notNull().default(0),
    /** The stored business minutes of the tickets closed that day (those that have them). */
    firstResponseBusinessMinutes: numeric("first_response_business_minutes").notNull().default("0"),
    firstResponseBusinessCount: integer("first_response_business_count").notNull().default(0),
    resolutionBusinessMinutes: numeric("resolution_business_minutes").notNull().default("0"),
    resolutionBusinessCount: integer("resolution_business_count").notNull().default(0),
    /** Queued (or created) → accept, over the accepts that day. */
    waitMicros: bigint("wait_micros", { mode: "number" }).notNull().default(0),
    waitCount: integer("wait_count").notNull().default(0),
  },
  (t) => [unique("ticket_day_stats_day_uq").on(t.companyId, t.day, t.userId).nullsNotDistinct()],
);
