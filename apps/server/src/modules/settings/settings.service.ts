import {
  isSettingKey,
  maskSecret,
  secretSettings,
  settingChoices,
  superOnlySettings,
  type SettingEntry,
  type SettingKey,
} from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { settings } from "../../db/schema/index.js";
import type { AccessClaims } from "../auth/tokens.js";
import { AppError } from "../../http/errors.js";
import { encryptSecret } from "../../secrets/index.js";
import { presentSetting, secretSettingValue } from "./settings.queries.js";

export async function updateSetting(
  ctx: Context,
  who: AccessClaims,
  key: string,
  value: string,
): Promise<SettingEntry> {
  // Checked as the catalogue's own keys: "constructor" or "__proto__" are no setting (issue 10).
  if (!isSettingKey(key)) throw new AppError("ERR_VALIDATION", { key });
  if (superOnlySettings.includes(key) && !who.super) throw new AppError("ERR_NO_PERMISSION");
  const choices = settingChoices[key];
  if (choices && !choices.includes(value)) throw new AppError("ERR_VALIDATION", { key, choices });
  if (key === "timezone" && !isTimeZone(value)) throw new AppError("ERR_VALIDATION", { key });
  // Nothing changes, and the answer is the mask that was sent.
  if (await isMaskOfCurrent(ctx, who.companyId, key, value)) return { key, value };
  const [row] = await ctx.db
    .update(settings)
    // Secrets are stored encrypted (the key is not in the database).
    .set({ value: secretSettings.includes(key) ? encryptSecret(value) : value, updatedAt: new Date() })
    .where(and(eq(settings.companyId, who.companyId), eq(settings.key, key)))
    .returning({ key: settings.key, value: settings.value });
  if (!row) throw new AppError("ERR_NO_SETTING_FOUND");
  await ctx.events.published("setting.updated", { companyId: who.companyId, key });
  return presentSetting(row, who);
}

/** A secret's form saved unchanged sends back the mask it read: the secret stays as it is. */
async function isMaskOfCurrent(ctx: Context, companyId: number, key: SettingKey, value: string): Promise<boolean> {
  if (!secretSettings.includes(key) || value === "") return false;
  return value === maskSecret(await secretSettingValue(ctx.db, companyId, key));
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
