import {
  maskSecret,
  secretSettings,
  settingDefaults,
  settingKeys,
  type SettingEntry,
  type SettingKey,
} from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { settings } from "../../db/schema/index.js";
import { decryptSecret } from "../../secrets/index.js";

const isSecret = (key: string) => (secretSettings as readonly string[]).includes(key);

/**
 * An option as `viewer` may read it, from its stored row: a platform secret (the
 * payment provider's tokens, stored encrypted) is never answered whole: a super
 * user reads its mask, anyone else "".
 */
export function presentSetting(entry: SettingEntry, viewer: { super: boolean }): SettingEntry {
  if (!isSecret(entry.key)) return entry;
  return { key: entry.key, value: viewer.super ? maskSecret(decryptSecret(entry.value)) : "" };
}

/** The company's options, as `viewer` may read them (presentSetting). */
export async function listSettings(db: Db, companyId: number, viewer: { super: boolean }): Promise<SettingEntry[]> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(eq(settings.companyId, companyId))
    .orderBy(settings.key);
  return rows.map((r) => presentSetting(r, viewer));
}

/** Every option of core-platform §9 with its default; idempotent for existing companies. */
export async function createDefaultSettings(
  db: Db,
  companyId: number,
  overrides: Partial<Record<string, string>> = {},
) {
  const rows = settingKeys.map((key) => ({ companyId, key, value: overrides[key] ?? settingDefaults[key] }));
  await db.insert(settings).values(rows).onConflictDoNothing();
}

/** A secret option (secretSettings) in plain text, for the code that uses it; "" while unset. */
export async function secretSettingValue(db: Db, companyId: number, key: SettingKey): Promise<string> {
  return decryptSecret(await settingValue(db, companyId, key));
}

/** One option of a company, or its default when the row is missing (a secret one as stored: encrypted). */
export async function settingValue(db: Db, companyId: number, key: SettingKey): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), eq(settings.key, key)));
  return row?.value ?? settingDefaults[key];
}
