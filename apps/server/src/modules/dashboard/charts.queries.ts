/**
 * The dashboard's two charts (core-platform §2.15, §7.7): tickets created in
 * the range, per attendant and per company-local day or hour.
 */
import type { TicketsPerDayRow, TicketsPerUserRow } from "@balcao/contracts";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { tickets, users } from "../../db/schema/index.js";
import { within, type Period } from "./period.js";

export async function ticketsPerUser(db: Db, companyId: number, p: Period): Promise<TicketsPerUserRow[]> {
  const quantidade = sql<number>`count(*)::int`;
  return db
    .select({ nome: users.name, quantidade })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(and(eq(tickets.companyId, companyId), within(tickets.createdAt, p)))
    .groupBy(users.id, users.name)
    .orderBy(desc(quantidade), users.name);
}

/** Per day ("data", YYYY-MM-DD), or per hour ("horario", 0–23) when byHour, in time zone `tz`. */
export async function ticketsPerDay(
  db: Db,
  companyId: number,
  p: Period,
  tz: string,
  byHour: boolean,
): Promise<TicketsPerDayRow[]> {
  const local = sql`(${tickets.createdAt} at time zone ${tz})`;
  const where = and(eq(tickets.companyId, companyId), within(tickets.createdAt, p));
  const total = sql<number>`count(*)::int`;
  // By position: the time zone is a bind parameter, so the same expression written twice would not match.
  const first = sql`1`;
  if (byHour) {
    const horario = sql<number>`extract(hour from ${local})::int`;
    return db.select({ horario, total }).from(tickets).where(where).groupBy(first).orderBy(first);
  }
  // Grouped by the local date, formatted once per day rather than once per ticket.
  const days = db
    .select({ day: sql<string>`(${local})::date`.as("day"), total: sql<number>`count(*)::int`.as("total") })
    .from(tickets)
    .where(where)
    .groupBy(first)
    .as("days");
  return db
    .select({ data: sql<string>`to_char(${days.day}, 'YYYY-MM-DD')`, total: days.total })
    .from(days)
    .orderBy(days.day);
}
