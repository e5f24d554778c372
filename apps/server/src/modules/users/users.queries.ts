/** User reads, every one scoped by the company (login's lookup by email aside). */
import { userLimits } from "@balcao/contracts";
import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { queues, userQueues, users } from "../../db/schema/index.js";
import { containsPattern } from "../../db/search.js";

export function findUserByEmail(db: Db, email: string) {
  return db.query.users.findFirst({ where: sql`lower(${users.email}) = ${email.toLowerCase()}` });
}

export function findUser(db: Db, companyId: number, id: number) {
  return db.query.users.findFirst({ where: and(eq(users.id, id), eq(users.companyId, companyId)) });
}

export async function queuesOfUsers(db: Db, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(inArray(userQueues.userId, userIds))
    .orderBy(queues.name);
}

/** searchParam over name and email, case-insensitive, its pattern characters taken literally. */
function usersWhere(companyId: number, searchParam: string): SQL {
  const search = searchParam.trim();
  if (!search) return eq(users.companyId, companyId);
  const pattern = containsPattern(search);
  return and(eq(users.companyId, companyId), or(ilike(users.name, pattern), ilike(users.email, pattern)))!;
}

/** One page of the users page, by name, with the total count of matches. */
export async function pageOfUsers(db: Db, companyId: number, searchParam: string, pageNumber: number) {
  const where = usersWhere(companyId, searchParam);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(userLimits.pageSize)
      .offset((pageNumber - 1) * userLimits.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** [{id, name}] of every user of the company, by name (transfer modal, user filters). */
export function userNames(db: Db, companyId: number) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.name), asc(users.id));
}

export async function countUsers(db: Db, companyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.companyId, companyId));
  return row?.n ?? 0;
}

/** Admins of the company other than `userId`. */
export async function countOtherAdmins(db: Db, companyId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.profile, "admin"), ne(users.id, userId)));
  return row?.n ?? 0;
}

/** Another user (of any company: emails are unique platform-wide) already has this email. */
export async function emailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  const sameEmail = sql`lower(${users.email}) = ${email.toLowerCase()}`;
  const row = await db.query.users.findFirst({
    where: exceptUserId === undefined ? sameEmail : and(sameEmail, ne(users.id, exceptUserId)),
    columns: { id: true },
  });
  return row !== undefined;
}

/** How many of these queue ids belong to the company. */
export async function countOwnQueues(db: Db, companyId: number, queueIds: number[]): Promise<number> {
  if (queueIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), inArray(queues.id, queueIds)));
  return row?.n ?? 0;
}
