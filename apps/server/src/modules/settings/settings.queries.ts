import { settingDefaults, settingKeys, type SettingEntry } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { settings } from "../../db/schema/index.js";

export async function listSettings(db: Db, companyId: number): Promise<SettingEntry[]> {
  return db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(eq(settings.companyId, companyId))
    .orderBy(settings.key);
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
