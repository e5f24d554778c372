/** Steps on the settings page's Options tab, as a company admin takes them. */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.js";
import { t } from "./i18n.js";

export async function openSettings(page: Page) {
  await page.getByTestId("menu-item-settings").click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId("settings-options")).toBeVisible();
}

/** Picks `value` for the setting `key`; it saves at once and says so. */
export async function chooseOption(page: Page, key: string, value: string) {
  await page.getByTestId(`setting-${key}`).selectOption(value);
  await expect(page.getByText(t("pt", "settings.options.toasts.success")).first()).toBeVisible();
}
