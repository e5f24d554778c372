/** Schedule reads, every one scoped by the company; each row comes with its contact's name and number. */
import { scheduleLimits } from "@balcao/contracts";
import { and, asc, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { contacts, schedules } from "../../db/schema/index.js";
import { containsPattern } from "../../db/search.js";

export type ScheduleRecord = typeof schedules.$inferSelect;
export interface ScheduleRow {
  schedule: ScheduleRecord;
  contact: { id: number; name: string; number: string };
}

const columns = {
  schedule: schedules,
  contact: { id: contacts.id, name: contacts.name, number: contacts.number },
};

function rowsWhere(db: Db, where: SQL | undefined) {
  return db.select(columns).from(schedules).innerJoin(contacts, eq(contacts.id, schedules.contactId)).where(where);
}

export async function findSchedule(db: Db, companyId: number, id: number): Promise<ScheduleRow | undefined> {
  const [row] = await rowsWhere(db, and(eq(schedules.id, id), eq(schedules.companyId, companyId)));
  return row;
}

/** One page by sendAt, searched (lowercased by the client) in the contact's name and the body. */
export async function pageOfSchedules(db: Db, companyId: number, searchParam: string, pageNumber: number) {
  const pattern = containsPattern(searchParam);
  const where = searchParam
    ? and(eq(schedules.companyId, companyId), or(ilike(contacts.name, pattern), ilike(schedules.body, pattern)))
    : eq(schedules.companyId, companyId);
  const [rows, [total]] = await Promise.all([
    rowsWhere(db, where)
      .orderBy(asc(schedules.sendAt), asc(schedules.id))
      .limit(scheduleLimits.pageSize)
      .offset((pageNumber - 1) * scheduleLimits.pageSize),
    db.select({ n: count() }).from(schedules).innerJoin(contacts, eq(contacts.id, schedules.contactId)).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}
