/** Connection reads, every one scoped by the company. */
import type { QueueRef } from "@balcao/contracts";
import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { companies, queues, whatsappQueues, whatsapps } from "../../db/schema/index.js";

export type WhatsappRow = typeof whatsapps.$inferSelect;

export function findWhatsapp(db: Db, companyId: number, id: number) {
  return db.query.whatsapps.findFirst({ where: and(eq(whatsapps.id, id), eq(whatsapps.companyId, companyId)) });
}

/** Oldest first: the connections page's order and the order a new default is chosen in. */
export function listWhatsapps(db: Db, companyId: number) {
  return db
    .select()
    .from(whatsapps)
    .where(eq(whatsapps.companyId, companyId))
    .orderBy(asc(whatsapps.createdAt), asc(whatsapps.id));
}

export async function countWhatsapps(db: Db, companyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(whatsapps).where(eq(whatsapps.companyId, companyId));
  return row?.n ?? 0;
}

/** The connection's name, for whoever shows where a record came from (the contact drawer). */
export async function whatsappName(db: Db, companyId: number, id: number | null) {
  if (id === null) return null;
  const row = await findWhatsapp(db, companyId, id);
  return row ? { name: row.name } : null;
}

/** Each connection's queues in bot-menu order, for a page of connections. */
export async function queuesByWhatsapp(db: Db, companyId: number, ids: number[]): Promise<Map<number, QueueRef[]>> {
  const byId = new Map<number, QueueRef[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byId;
  const rows = await db
    .select({ whatsappId: whatsappQueues.whatsappId, id: queues.id, name: queues.name, color: queues.color })
    .from(whatsappQueues)
    .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(and(eq(queues.companyId, companyId), inArray(whatsappQueues.whatsappId, ids)))
    .orderBy(sql`${queues.orderQueue} asc nulls last`, asc(queues.id));
  for (const { whatsappId, ...queue } of rows) byId.get(whatsappId)?.push(queue);
  return byId;
}

/**
 * Serialises the connection writes of one company inside a transaction (the
 * first-is-default rule, the single default and the plan limit all read
 * before they write).
 */
export async function lockCompanyConnections(tx: Db, companyId: number) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
}

/** Unsets every other default of the company; answers the ids it changed. */
export async function clearOtherDefaults(tx: Db, companyId: number, keepId: number): Promise<number[]> {
  const rows = await tx
    .update(whatsapps)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true), ne(whatsapps.id, keepId)))
    .returning({ id: whatsapps.id });
  return rows.map((r) => r.id);
}

/** Replaces the connection's queues with these (of the company, checked before). */
export async function writeWhatsappQueues(tx: Db, whatsappId: number, queueIds: number[]) {
  await tx.delete(whatsappQueues).where(eq(whatsappQueues.whatsappId, whatsappId));
  const unique = [...new Set(queueIds)];
  if (unique.length) await tx.insert(whatsappQueues).values(unique.map((queueId) => ({ whatsappId, queueId })));
}
