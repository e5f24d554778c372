/** Queue integration reads, every one scoped by the company. */
import { queueIntegrationLimits } from "@balcao/contracts";
import { and, asc, count, eq, ilike } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { queueIntegrations } from "../../db/schema/index.js";
import { containsPattern } from "../../db/search.js";

export type QueueIntegrationRow = typeof queueIntegrations.$inferSelect;

export async function findQueueIntegration(db: Db | Tx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(queueIntegrations)
    .where(and(eq(queueIntegrations.id, id), eq(queueIntegrations.companyId, companyId)));
  return row;
}

const searched = (companyId: number, searchParam: string) => {
  const mine = eq(queueIntegrations.companyId, companyId);
  return searchParam ? and(mine, ilike(queueIntegrations.name, containsPattern(searchParam))) : mine;
};

/** One page of the list by name, searched in the name; without a page, every one (the selects). */
export async function listQueueIntegrations(db: Db, companyId: number, searchParam: string, pageNumber?: number) {
  const where = searched(companyId, searchParam);
  const query = db
    .select()
    .from(queueIntegrations)
    .where(where)
    .orderBy(asc(queueIntegrations.name), asc(queueIntegrations.id));
  const { pageSize } = queueIntegrationLimits;
  const [rows, [total]] = await Promise.all([
    pageNumber === undefined ? query : query.limit(pageSize).offset((pageNumber - 1) * pageSize),
    db.select({ n: count() }).from(queueIntegrations).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}
