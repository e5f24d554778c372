/**
 * Campaign settings (business-areas §2.12, §5, §7): the only writer of the
 * campaign_settings table. A save names the settings it changes (the page
 * sends them all); variables' keys are unique, ignoring case, and none may
 * be a built-in variable's ({nome}, {numero}, {email}): a message could not
 * say which one it means (ERR_DUPLICATED_CAMPAIGN_VARIABLE, nothing saved).
 */
import {
  campaignSettingKeys,
  repeatedVariableKey,
  type CampaignSettingEntry,
  type CampaignSettings,
  type CampaignSettingsSave,
  type CampaignVariable,
} from "@balcao/contracts";
import { sql } from "drizzle-orm";
import type { Context } from "../../context.js";
import { campaignSettings as table } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { campaignSettings } from "./campaign-settings.js";

/** GET /campaign-settings: every setting as an entry, its value JSON-encoded (the default when never saved). */
export function entriesOf(settings: CampaignSettings): CampaignSettingEntry[] {
  return campaignSettingKeys.map((key) => ({ key, value: JSON.stringify(settings[key]) }));
}

export async function readCampaignSettings(ctx: Context, companyId: number): Promise<CampaignSettingEntry[]> {
  return entriesOf(await campaignSettings(ctx.db, companyId));
}

function assertUniqueKeys(variables: CampaignVariable[]) {
  const key = repeatedVariableKey(variables);
  if (key !== undefined) throw new AppError("ERR_DUPLICATED_CAMPAIGN_VARIABLE", { key });
}

export async function saveCampaignSettings(
  ctx: Context,
  companyId: number,
  input: CampaignSettingsSave,
): Promise<CampaignSettingEntry[]> {
  const variables = input.variables?.map(({ key, value }) => ({ key, value }));
  if (variables) assertUniqueKeys(variables);
  const changed = { ...input, variables };
  const rows = campaignSettingKeys
    .filter((key) => changed[key] !== undefined)
    .map((key) => ({ companyId, key, value: JSON.stringify(changed[key]) }));
  if (rows.length) {
    await ctx.db
      .insert(table)
      .values(rows)
      .onConflictDoUpdate({
        target: [table.companyId, table.key],
        set: { value: sql`excluded.value`, updatedAt: new Date() },
      });
  }
  return readCampaignSettings(ctx, companyId);
}
