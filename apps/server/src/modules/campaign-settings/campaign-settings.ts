/**
 * The company's campaign settings with their defaults (business-areas §3,
 * §9), for whatever reads them: the settings page and the campaign code
 * (pacing, custom variables). Each entry is a key and a JSON-encoded value;
 * a value missing or unreadable counts as its default.
 */
import { campaignSettingsFrom, type CampaignSettings } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { Db, Tx } from "../../db/client.js";
import { campaignSettings as table } from "../../db/schema/index.js";

/** Where to read: the server's context, its pool, or a transaction (a campaign deciding what to send). */
type Source = Pick<Context, "db"> | Db | Tx;

/** A company's campaign settings, each one its default where never saved. */
export async function campaignSettings(source: Source, companyId: number): Promise<CampaignSettings> {
  const db = "select" in source ? source : source.db;
  const rows = await db
    .select({ key: table.key, value: table.value })
    .from(table)
    .where(eq(table.companyId, companyId));
  return campaignSettingsFrom(rows);
}
