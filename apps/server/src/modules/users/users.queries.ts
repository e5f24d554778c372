import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { queues, userQueues, users } from "../../db/schema/index.js";

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
