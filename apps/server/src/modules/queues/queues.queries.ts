/** Queue reads, every one scoped by the company. */
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { queues } from "../../db/schema/index.js";

export function findQueue(db: Db, companyId: number, id: number) {
  return db.query.queues.findFirst({ where: and(eq(queues.id, id), eq(queues.companyId, companyId)) });
}

/** In bot-menu order (orderQueue, unset last), then by creation. */
export function listQueues(db: Db, companyId: number) {
  return db
    .select()
    .from(queues)
    .where(eq(queues.companyId, companyId))
    .orderBy(sql`${queues.orderQueue} asc nulls last`, asc(queues.id));
}

export async function countQueues(db: Db, companyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(queues).where(eq(queues.companyId, companyId));
  return row?.n ?? 0;
}
