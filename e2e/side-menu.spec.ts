/**
 * The side menu (core-platform §2.3) on a 1440 x 900 screen, in each language:
 * every entry the super admin sees (all of them: the seeded plan has every
 * feature) opens a page whose title is the entry's label, and no label is cut.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./harness/fixtures.js";
import type { Language } from "./harness/i18n.js";
import { asSuperAdmin } from "./harness/super-admin.js";

test.use({ viewport: { width: 1440, height: 900 } });

/** Ten main entries, the five of the two submenus and eleven more of the administration. */
const ALL_ENTRIES = 26;

/** Whether the text is cut: wider than the box that shows it (an ellipsis, or hidden overflow). */
const isCut = (text: Locator) => text.evaluate((el) => el.scrollWidth > el.clientWidth);

async function openSubmenus(page: Page) {
  const closed = page.getByTestId("drawer").locator('[data-testid^="menu-group-"][aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

for (const lng of ["pt", "en", "es"] as Language[]) {
  test(`every menu entry opens the page it names, no label cut (${lng})`, async ({ page }) => {
    test.slow();
    await page.goto("/login");
    await page.getByTestId("auth-language-button").click();
    await page.getByTestId(`auth-language-${lng}`).click();

    await asSuperAdmin(page, async () => {
      const drawer = page.getByTestId("drawer");
      await expect(drawer.getByTestId("menu-item-tickets")).toBeVisible();
      await openSubmenus(page);
      const labels = drawer.locator(".MuiListItemText-primary, .MuiListSubheader-root");
      for (const label of await labels.all()) {
        expect(await isCut(label), `"${await label.textContent()}" is cut`).toBe(false);
      }

      const entries = drawer.locator('a[data-testid^="menu-item-"]');
      await expect(entries).toHaveCount(ALL_ENTRIES);
      for (const testId of await entries.evaluateAll((els) => els.map((el) => el.dataset.testid ?? ""))) {
        const entry = drawer.getByTestId(testId);
        const label = (await entry.textContent()) ?? "";
        await entry.click();
        await expect(entry).toHaveAttribute("aria-current", "page");
        // The title may carry a count after it: "Contatos (3)", "Ajuda (2 vídeos)".
        await expect(page.getByRole("heading", { level: 1 }), `the page ${testId} opens`).toHaveText(
          new RegExp(`^${escaped(label)}\\s*(\\(.*\\))?$`),
        );
      }
    });
  });
}
