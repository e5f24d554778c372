/** Phrase-campaign reads, every one scoped by the company. */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { flowCampaigns } from "../../db/schema/index.js";

export type FlowCampaignRow = typeof flowCampaigns.$inferSelect;

export async function findFlowCampaign(db: Db | Tx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(flowCampaigns)
    .where(and(eq(flowCampaigns.id, id), eq(flowCampaigns.companyId, companyId)));
  return row;
}

/** Every campaign of the company, by name (a company keeps a handful: the spec's list has no pages). */
export function listFlowCampaigns(db: Db | Tx, companyId: number): Promise<FlowCampaignRow[]> {
  return db
    .select()
    .from(flowCampaigns)
    .where(eq(flowCampaigns.companyId, companyId))
    .orderBy(asc(flowCampaigns.name), asc(flowCampaigns.id));
}

/**
 * Whether another active campaign of the company has the phrase on the connection (null: every
 * connection), as the partial unique index flow_campaigns_active_phrase_uq counts them.
 */
export async function phraseTaken(
  db: Db | Tx,
  where: { companyId: number; whatsappId: number | null; phraseKey: string; exceptId?: number },
): Promise<boolean> {
  const [row] = await db
    .select({ id: flowCampaigns.id })
    .from(flowCampaigns)
    .where(
      and(
        eq(flowCampaigns.companyId, where.companyId),
        eq(flowCampaigns.status, true),
        eq(flowCampaigns.phraseKey, where.phraseKey),
        sql`coalesce(${flowCampaigns.whatsappId}, 0) = ${where.whatsappId ?? 0}`,
        where.exceptId ? ne(flowCampaigns.id, where.exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}
