/**
 * The dashboard's reads (SERVER-BEHAVIOUR "Metrics"). Every query is scoped by
 * companyId; each counter reads the narrowest index range it can, or the
 * sums kept as tickets change (ticket_counts, ticket_day_stats), so a 90-day
 * period over 100k tickets stays inside the §9 budget.
 */
import type { DashboardAttendant, DashboardCounters } from "@balcao/contracts";
import { and, asc, count, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { unionAll } from "drizzle-orm/pg-core";
import { contacts, ticketCounts, tickets, userRatings, users } from "../../db/schema/index.js";
import { closedOnDays, splitByDays, waitOnDays } from "./day-stats.js";
import { durationSum, meanOf, storedMinutesSum, type DurationSum } from "./durations.js";
import { within, type Period } from "./period.js";

/** A user counts as online with a connected socket, or a report within 5 minutes (SERVER-BEHAVIOUR "Metrics"). */
export const onlineWindowMinutes = 5;

/** Open and pending tickets now, whatever the period: the sums ticket_counts keeps (db/schema/ticket-counts.ts). */
async function ticketsNow(db: Db, companyId: number) {
  const [row] = await db
    .select({
      open: sql<number>`coalesce(sum(${ticketCounts.n}) filter (where ${ticketCounts.status} = 'open'), 0)::int`,
      pending: sql<number>`coalesce(sum(${ticketCounts.n}) filter (where ${ticketCounts.status} = 'pending'), 0)::int`,
    })
    .from(ticketCounts)
    .where(and(eq(ticketCounts.companyId, companyId), inArray(ticketCounts.status, ["open", "pending"])));
  return row ?? { open: 0, pending: 0 };
}

/** The tickets closed in `range`, per attendant, counted from the tickets (one index-only scan). */
function closedInTickets(db: Db, companyId: number, range: Period) {
  const support = durationSum(sql`${tickets.acceptedAt}`, sql`${tickets.closedAt}`);
  const resolution = durationSum(sql`${tickets.createdAt}`, sql`${tickets.closedAt}`);
  const firstResponseBusiness = storedMinutesSum(tickets.firstResponseBusinessMinutes);
  const resolutionBusiness = storedMinutesSum(tickets.resolutionBusinessMinutes);
  return db
    .select({
      userId: tickets.userId,
      finished: sql<number>`count(*)::int`,
      supportMinutes: support.minutes,
      supportCount: support.count,
      resolutionMinutes: resolution.minutes,
      resolutionCount: resolution.count,
      firstResponseBusinessMinutes: firstResponseBusiness.minutes,
      firstResponseBusinessCount: firstResponseBusiness.count,
      resolutionBusinessMinutes: resolutionBusiness.minutes,
      resolutionBusinessCount: resolutionBusiness.count,
    })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), within(tickets.closedAt, range)))
    .groupBy(tickets.userId);
}
type ClosedRow = Awaited<ReturnType<typeof closedInTickets>>[number];

const sumOf = (rows: ClosedRow[], minutes: keyof ClosedRow, count: keyof ClosedRow): DurationSum => ({
  minutes: rows.reduce((n, r) => n + (r[minutes] as number), 0),
  count: rows.reduce((n, r) => n + (r[count] as number), 0),
});

/**
 * The tickets closed in the period, per attendant (null: closed with none):
 * how many, accept → close and create → close on the clock, and first
 * response and resolution in business hours (stored on each ticket). The
 * period's whole days come from ticket_day_stats, its ends from the tickets
 * (day-stats.ts), in one statement. The counters add the groups up, so the
 * same groups serve both the counters and the attendants table.
 */
export async function closedByUser(db: Db, companyId: number, p: Period) {
  const split = splitByDays(p);
  const rows = await unionAll(
    closedInTickets(db, companyId, split.ends[0]),
    closedInTickets(db, companyId, split.ends[1]),
    closedOnDays(db, companyId, split),
  );
  const byUser = new Map<number | null, ClosedRow[]>();
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
  return [...byUser].map(([userId, mine]) => ({
    userId,
    finished: mine.reduce((n, r) => n + r.finished, 0),
    support: sumOf(mine, "supportMinutes", "supportCount"),
    resolution: sumOf(mine, "resolutionMinutes", "resolutionCount"),
    firstResponseBusiness: sumOf(mine, "firstResponseBusinessMinutes", "firstResponseBusinessCount"),
    resolutionBusiness: sumOf(mine, "resolutionBusinessMinutes", "resolutionBusinessCount"),
  }));
}
export type ClosedGroup = Awaited<ReturnType<typeof closedByUser>>[number];

/** Queued (or created) → accept, over the tickets accepted in the period (whole days kept, as closedByUser). */
async function waitIn(db: Db, companyId: number, p: Period): Promise<number> {
  const split = splitByDays(p);
  const queued = sql`coalesce(${tickets.queuedAt}, ${tickets.createdAt})`;
  const wait = durationSum(queued, sql`${tickets.acceptedAt}`);
  const inTickets = (range: Period) =>
    db
      .select({ minutes: wait.minutes, count: wait.count })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), within(tickets.acceptedAt, range)));
  const rows = await unionAll(inTickets(split.ends[0]), inTickets(split.ends[1]), waitOnDays(db, companyId, split));
  return meanOf(...rows);
}

async function newContactsIn(db: Db, companyId: number, p: Period): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), within(contacts.createdAt, p)));
  return row?.n ?? 0;
}

export async function countersOf(
  db: Db,
  companyId: number,
  p: Period,
  closedGroups: Promise<ClosedGroup[]>,
): Promise<DashboardCounters> {
  const [now, wait, leads, closed] = await Promise.all([
    ticketsNow(db, companyId),
    waitIn(db, companyId, p),
    newContactsIn(db, companyId, p),
    closedGroups,
  ]);
  return {
    supportHappening: now.open,
    supportPending: now.pending,
    supportFinished: closed.reduce((n, g) => n + g.finished, 0),
    avgSupportTime: meanOf(...closed.map((g) => g.support)),
    avgWaitTime: wait,
    leads,
    avgResolutionTime: meanOf(...closed.map((g) => g.resolution)),
    avgFirstResponseBusinessTime: meanOf(...closed.map((g) => g.firstResponseBusiness)),
    avgResolutionBusinessTime: meanOf(...closed.map((g) => g.resolutionBusiness)),
  };
}

/**
 * Every user of the company with their share of the period's closed tickets
 * and their mean rating. Presence comes from what the socket layer keeps on
 * the user (online, lastSeenAt): reading the dashboard writes nothing.
 */
export async function attendantsOf(
  db: Db,
  companyId: number,
  p: Period,
  closedGroups: Promise<ClosedGroup[]>,
): Promise<DashboardAttendant[]> {
  const ratingByUser = db
    .select({ userId: userRatings.userId, rating: sql<number>`avg(${userRatings.rate})::float8`.as("rating") })
    .from(userRatings)
    .where(and(eq(userRatings.companyId, companyId), within(userRatings.createdAt, p), isNotNull(userRatings.userId)))
    .groupBy(userRatings.userId)
    .as("rating_by_user");
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      rating: sql<number | null>`${ratingByUser.rating}`,
      online: sql<boolean>`(${users.online} or coalesce(${users.lastSeenAt} > now() - make_interval(mins => ${onlineWindowMinutes}), false))`,
    })
    .from(users)
    .leftJoin(ratingByUser, eq(ratingByUser.userId, users.id))
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.name), asc(users.id));
  const byUser = new Map((await closedGroups).map((g) => [g.userId, g]));
  return rows.map((u) => {
    const mine = byUser.get(u.id);
    return {
      id: u.id,
      name: u.name,
      rating: u.rating,
      avgSupportTime: mine ? meanOf(mine.support) : 0,
      avgResolutionTime: mine ? meanOf(mine.resolution) : 0,
      tickets: mine?.finished ?? 0,
      online: u.online,
    };
  });
}
