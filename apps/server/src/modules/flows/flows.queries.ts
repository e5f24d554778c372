/** Flow reads, every one scoped by the company. */
import { and, asc, eq, ilike, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { flows, whatsapps } from "../../db/schema/index.js";
import { containsPattern } from "../../db/search.js";

export type FlowRow = typeof flows.$inferSelect;

/** Rows of the builder's list page (the web's infinite scroll asks for the next one while hasMore). */
export const flowPageSize = 20;

const summary = { id: flows.id, name: flows.name, active: flows.active };

export async function findFlow(db: Db | Tx, companyId: number, id: number): Promise<FlowRow | undefined> {
  const [row] = await db
    .select()
    .from(flows)
    .where(and(eq(flows.id, id), eq(flows.companyId, companyId)));
  return row;
}

/** The flow locked for a change (a save, a rename): two saves of one flow take turns. */
export async function lockFlow(tx: Tx, companyId: number, id: number): Promise<FlowRow | undefined> {
  const [row] = await tx
    .select()
    .from(flows)
    .where(and(eq(flows.id, id), eq(flows.companyId, companyId)))
    .for("update");
  return row;
}

/**
 * The list, by name, searched in the name: one page (one row more than a page is read to know
 * whether another follows), or every flow when no page is asked for (the selects read it so).
 */
export async function listFlows(db: Db | Tx, companyId: number, searchParam: string, pageNumber?: number) {
  const mine = eq(flows.companyId, companyId);
  const where = searchParam ? and(mine, ilike(flows.name, containsPattern(searchParam))) : mine;
  const query = db.select(summary).from(flows).where(where).orderBy(asc(flows.name), asc(flows.id));
  if (pageNumber === undefined) return { rows: await query, hasMore: false };
  const rows = await query.limit(flowPageSize + 1).offset((pageNumber - 1) * flowPageSize);
  return { rows: rows.slice(0, flowPageSize), hasMore: rows.length > flowPageSize };
}

/** How many of the ids name flows of the company (each counted once). */
export async function countOwnFlows(db: Db | Tx, companyId: number, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(flows)
    .where(and(eq(flows.companyId, companyId), inArray(flows.id, unique)));
  return row?.n ?? 0;
}

/** The company's connections that name the flow as their welcome or default flow. */
export async function connectionsNamingFlow(db: Db | Tx, companyId: number, flowId: number): Promise<number[]> {
  const rows = await db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(
      and(
        eq(whatsapps.companyId, companyId),
        sql`(${whatsapps.flowIdWelcome} = ${flowId} or ${whatsapps.flowIdNotPhrase} = ${flowId})`,
      ),
    );
  return rows.map((r) => r.id);
}
