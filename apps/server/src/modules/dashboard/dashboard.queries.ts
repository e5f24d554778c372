/**
 * The dashboard's reads (SERVER-BEHAVIOUR "Metrics"). Every query is scoped by
 * companyId; each counter reads the narrowest index range it can, so a
 * 90-day period over 100k tickets stays inside the §9 budget.
 */
import type { DashboardAttendant, DashboardCounters } from "@balcao/contracts";
import { and, asc, count, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { contacts, tickets, userRatings, users } from "../../db/schema/index.js";
import { meanMinutes } from "./durations.js";
import { within, type Period } from "./period.js";

/** A user counts as online with a connected socket, or a report within 5 minutes (SERVER-BEHAVIOUR "Metrics"). */
export const onlineWindowMinutes = 5;

/** Open and pending tickets now, whatever the period. */
async function ticketsNow(db: Db, companyId: number) {
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${tickets.status} = 'open')::int`,
      pending: sql<number>`count(*) filter (where ${tickets.status} = 'pending')::int`,
    })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), inArray(tickets.status, ["open", "pending"])));
  return row ?? { open: 0, pending: 0 };
}

/** Tickets closed in the period: how many, accept → close and create → close. */
async function closedIn(db: Db, companyId: number, p: Period) {
  const [row] = await db
    .select({
      finished: count(),
      support: meanMinutes(sql`${tickets.acceptedAt}`, sql`${tickets.closedAt}`, sql`true`),
      resolution: meanMinutes(sql`${tickets.createdAt}`, sql`${tickets.closedAt}`, sql`true`),
    })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), within(tickets.closedAt, p)));
  return row ?? { finished: 0, support: 0, resolution: 0 };
}

/** Queued (or created) → accept, over the tickets accepted in the period. */
async function waitIn(db: Db, companyId: number, p: Period): Promise<number> {
  const queued = sql`coalesce(${tickets.queuedAt}, ${tickets.createdAt})`;
  const [row] = await db
    .select({ wait: meanMinutes(queued, sql`${tickets.acceptedAt}`, sql`true`) })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), within(tickets.acceptedAt, p)));
  return row?.wait ?? 0;
}

async function newContactsIn(db: Db, companyId: number, p: Period): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), within(contacts.createdAt, p)));
  return row?.n ?? 0;
}

export async function countersOf(db: Db, companyId: number, p: Period): Promise<DashboardCounters> {
  const [now, closed, wait, leads] = await Promise.all([
    ticketsNow(db, companyId),
    closedIn(db, companyId, p),
    waitIn(db, companyId, p),
    newContactsIn(db, companyId, p),
  ]);
  return {
    supportHappening: now.open,
    supportPending: now.pending,
    supportFinished: closed.finished,
    avgSupportTime: closed.support,
    avgWaitTime: wait,
    leads,
    avgResolutionTime: closed.resolution,
  };
}

/**
 * Every user of the company with their period's closed tickets, accept → close
 * and create → close means, and mean rating. Presence comes from what the socket layer keeps on the
 * user (online, lastSeenAt): reading the dashboard writes nothing.
 */
export async function attendantsOf(db: Db, companyId: number, p: Period): Promise<DashboardAttendant[]> {
  const closedByUser = db
    .select({
      userId: tickets.userId,
      tickets: sql<number>`count(*)::int`.as("tickets"),
      support: meanMinutes(sql`${tickets.acceptedAt}`, sql`${tickets.closedAt}`, sql`true`).as("support"),
      resolution: meanMinutes(sql`${tickets.createdAt}`, sql`${tickets.closedAt}`, sql`true`).as("resolution"),
    })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), within(tickets.closedAt, p), isNotNull(tickets.userId)))
    .groupBy(tickets.userId)
    .as("closed_by_user");
  const ratingByUser = db
    .select({ userId: userRatings.userId, rating: sql<number>`avg(${userRatings.rate})::float8`.as("rating") })
    .from(userRatings)
    .where(and(eq(userRatings.companyId, companyId), within(userRatings.createdAt, p), isNotNull(userRatings.userId)))
    .groupBy(userRatings.userId)
    .as("rating_by_user");
  return db
    .select({
      id: users.id,
      name: users.name,
      rating: sql<number | null>`${ratingByUser.rating}`,
      avgSupportTime: sql<number>`coalesce(${closedByUser.support}, 0)::float8`,
      avgResolutionTime: sql<number>`coalesce(${closedByUser.resolution}, 0)::float8`,
      tickets: sql<number>`coalesce(${closedByUser.tickets}, 0)::int`,
      online: sql<boolean>`(${users.online} or coalesce(${users.lastSeenAt} > now() - make_interval(mins => ${onlineWindowMinutes}), false))`,
    })
    .from(users)
    .leftJoin(closedByUser, eq(closedByUser.userId, users.id))
    .leftJoin(ratingByUser, eq(ratingByUser.userId, users.id))
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.name), asc(users.id));
}
