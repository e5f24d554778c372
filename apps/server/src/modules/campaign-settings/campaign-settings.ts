/**
 * The company's campaign settings with their defaults (business-areas §3,
 * §9), for whatever reads them: the settings page and the campaign code
 * (pacing, custom variables). Each entry is a key and a JSON-encoded value;
 * a value missing or unreadable counts as its default.
 */
import { campaignSettingsFrom, type CampaignSettings } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { campaignSettings as table } from "../../db/schema/index.js";

/** A company's campaign settings (on a transaction too, for a campaign deciding what to send). */
export async function campaignSettings(db: Db | Tx, companyId: number): Promise<CampaignSettings> {
  const rows = await db
    .select({ key: table.key, value: table.value })
    .from(table)
    .where(eq(table.companyId, companyId));
  return campaignSettingsFrom(rows);
}
