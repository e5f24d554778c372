/** Which Settings tabs and options a person sees (core-platform §2.18, §6 super flag). */
import { settingKeys, superOnlySettings, type SettingKey } from "@balcao/contracts";

export type TabKey = "options" | "schedules" | "companies" | "plans" | "helps";

/**
 * Options always; the company's hours when scheduleType is "company" (for
 * those who may save them); Companies, Plans and Help for super users only.
 */
export function visibleTabs(isSuper: boolean, canEdit: boolean, scheduleType: string | undefined): TabKey[] {
  const tabs: TabKey[] = ["options"];
  if (canEdit && scheduleType === "company") tabs.push("schedules");
  if (isSuper) tabs.push("companies", "plans", "helps");
  return tabs;
}

/** Every option of §9; the payment token and campaignsEnabled only for super users, who alone may change them. */
export function visibleOptionKeys(isSuper: boolean): SettingKey[] {
  return settingKeys.filter((key) => isSuper || !superOnlySettings.includes(key));
}
