/**
 * Settings realtime, driven by the domain events after their commit: the
 * option's current value to company-{companyId}-settings. Secrets never
 * travel to the company's sockets.
 */
import { secretSettings } from "@balcao/contracts";
import type { Context } from "../../context.js";
import { settingValue } from "./settings.queries.js";

export function subscribeSettingRealtime(ctx: Context): void {
  ctx.events.on("setting.updated", async ({ companyId, key }) => {
    if (secretSettings.includes(key)) return;
    const value = await settingValue(ctx.db, companyId, key);
    ctx.realtime.emit("settings", { companyId }, { action: "update", setting: { key, value } });
  });
}
