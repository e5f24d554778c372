import { secretSettings, settingDefaults, settingKeys, type SettingEntry, type SettingKey } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { settings } from "../../db/schema/index.js";

/**
 * The company's options. Platform secrets (the payment provider token) are
 * listed without their value unless the viewer is a super user.
 */
export async function listSettings(db: Db, companyId: number, viewer: { super: boolean }): Promise<SettingEntry[]> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(eq(settings.companyId, companyId))
    .orderBy(settings.key);
  if (viewer.super) return rows;
  return rows.map((r) => ((secretSettings as readonly string[]).includes(r.key) ? { key: r.key, value: "" } : r));
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

/** One option of a company, or its default when the row is missing. */
export async function settingValue(db: Db, companyId: number, key: SettingKey): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), eq(settings.key, key)));
  return row?.value ?? settingDefaults[key];
}
