/**
 * The company's campaign settings with their defaults (business-areas §3,
 * §9), for whatever reads them: the settings page and the campaign code
 * (pacing, custom variables). Each entry is a key and a JSON-encoded value;
 * a value missing or unreadable counts as its default.
 */
import {
  campaignIntervalOptions,
  campaignIntervals,
  campaignSettingsDefaults,
  type CampaignSettings,
  type CampaignVariable,
} from "@balcao/contracts";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { campaignSettings as table } from "../../db/schema/index.js";

function parsed(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

const isVariable = (v: unknown): v is CampaignVariable =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as CampaignVariable).key === "string" &&
  typeof (v as CampaignVariable).value === "string";

/** The settings as stored entries say, each one its default when missing or not one of its options. */
export function settingsOf(entries: { key: string; value: string }[]): CampaignSettings {
  const stored = new Map(entries.map((e) => [e.key, parsed(e.value)]));
  const settings: CampaignSettings = { ...campaignSettingsDefaults, variables: [] };
  for (const name of campaignIntervals) {
    const value = stored.get(name);
    if ((campaignIntervalOptions[name] as readonly unknown[]).includes(value)) settings[name] = value as number;
  }
  const variables = stored.get("variables");
  if (Array.isArray(variables)) {
    settings.variables = variables.filter(isVariable).map(({ key, value }) => ({ key, value }));
  }
  return settings;
}

/** A company's campaign settings (on a transaction too, for a campaign deciding what to send). */
export async function campaignSettings(db: Db | Tx, companyId: number): Promise<CampaignSettings> {
  const rows = await db
    .select({ key: table.key, value: table.value })
    .from(table)
    .where(eq(table.companyId, companyId));
  return settingsOf(rows);
}
