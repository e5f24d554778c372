/** The campaign settings page's data (business-areas §2.12, §5, §7): entries in, settings out. */
import {
  campaignIntervalOptions,
  campaignIntervals,
  campaignSettingsDefaults,
  campaignVariableKeySchema,
  sameVariableKey,
  type CampaignSettingEntry,
  type CampaignSettings,
  type CampaignVariable,
} from "@balcao/contracts";

function decoded(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/** GET /campaign-settings' entries as settings; a value the page cannot use shows its default. */
export function settingsFromEntries(entries: CampaignSettingEntry[]): CampaignSettings {
  const byKey = new Map(entries.map((e) => [e.key, decoded(e.value)]));
  const settings: CampaignSettings = { ...campaignSettingsDefaults, variables: [] };
  for (const name of campaignIntervals) {
    const value = byKey.get(name);
    if ((campaignIntervalOptions[name] as readonly unknown[]).includes(value)) settings[name] = value as number;
  }
  const variables = byKey.get("variables");
  if (Array.isArray(variables)) settings.variables = variables as CampaignVariable[];
  return settings;
}

/** Why a new variable cannot be added (an i18n key), or null (§5: no two variables with one key). */
export function variableProblem(variables: CampaignVariable[], key: string): string | null {
  if (!campaignVariableKeySchema.safeParse(key).success) return "campaignsConfig.errors.invalidKey";
  if (variables.some((v) => sameVariableKey(v.key, key.trim()))) return "campaignsConfig.errors.duplicatedKey";
  return null;
}
