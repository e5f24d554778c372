/**
 * Billing as super users see and change it (core-platform §2.19, §4.6; issue
 * 30 items 3 and 7): the payment tokens masked in the settings, a company's
 * invoices, plans' values in Brazilian format whatever the language, and a
 * new due date that cancels the invoice it made moot. The payer's side:
 * billing.spec.ts.
 */
import type { Page } from "@playwright/test";
import { invoicesOf } from "./harness/billing.js";
import { readEnv } from "./harness/env.js";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { apiAsPage, logIn } from "./harness/pages.js";
import { newPerson, publicPlans, signUpByApi } from "./harness/people.js";
import { openSettings } from "./harness/settings-screen.js";
import { asSuperAdmin } from "./harness/super-admin.js";

const shots = process.env.PW_SHOTS_DIR;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
};

test("the super admin sees the payment tokens masked and a company's invoices", async ({ page }) => {
  await asSuperAdmin(page, async () => {
    await openSettings(page);
    for (const key of ["asaas", "asaasWebhookToken"]) {
      const field = page.getByTestId(`setting-${key}`);
      await expect(field).toHaveAttribute("type", "password");
      await expect(field).toHaveValue(/^•{4}.{4}$/);
    }
    await expect(page.getByTestId("setting-asaasWebhookToken")).toHaveValue(
      `••••${readEnv("asaasWebhookToken").slice(-4)}`,
    );
    await shoot(page, "settings-payment-tokens");

    await page.getByTestId("settings-tab-companies").click();
    const row = page.locator('tr[data-testid^="company-row-"]', { hasText: readEnv("billingExpiredEmail") });
    await row.getByTestId("company-invoices-open").click();
    const dialog = page.getByTestId("company-invoices");
    await expect(dialog.locator('[data-testid^="invoice-row-"]').first()).toBeVisible();
    await expect(dialog.getByTestId("invoice-pay")).toHaveCount(0);
    await shoot(page, "company-invoices");
    await dialog.getByTestId("company-invoices-close").click();

    // The plans' values, BRL in Brazilian format in Spanish too (issue 30 item 7).
    const [seeded] = (await publicPlans(readEnv("baseURL"))).sort((a, b) => a.id - b.id);
    await page.getByTestId("language-menu-button").click();
    await page.getByTestId("language-option-es").click();
    await page.getByTestId("settings-tab-plans").click();
    await expect(page.getByTestId(`plan-row-${seeded!.id}`)).toContainText(/R\$\u00a0\d{1,3}(\.\d{3})*,\d{2}/);
    await shoot(page, "plans-es");
  });
});

test("a super user's new due date cancels the invoice it made moot: not overdue, not what 'sign now' opens", async ({
  page,
  baseURL,
}) => {
  const admin = newPerson("billing-moot");
  const company = await signUpByApi(baseURL!, admin);
  // The trial lapsed with its invoice unpaid, then a super user set the company active again (issue 30 item 3).
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  await asSuperAdmin(page, async () => {
    const api = apiAsPage(baseURL!, page);
    await api("PUT", `/companies/${company.id}`, { dueDate: day(-2) });
    await api("PUT", `/companies/${company.id}`, { dueDate: day(6) });
  });
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  const api = apiAsPage(baseURL!, page);
  const invoices = await invoicesOf(api);
  const lapsed = invoices.find((i) => i.dueDate === day(-2))!;
  const current = invoices.find((i) => i.dueDate === day(6))!;
  expect(current.status).toBe("open");

  await page.goto("/financeiro");
  const lapsedRow = page.getByTestId(`invoice-row-${lapsed.id}`);
  await expect(lapsedRow.getByTestId("invoice-status")).toHaveText(t("pt", "financeiro.status.cancelled"));
  await expect(lapsedRow).not.toHaveAttribute("data-status", "expired");
  await expect(lapsedRow.getByTestId("invoice-pay")).toHaveCount(0);
  await expect(page.getByTestId(`invoice-row-${current.id}`).getByTestId("invoice-pay")).toBeVisible();
  await shoot(page, "financeiro-moot");

  await page.goto("/subscription");
  await page.getByTestId("subscription-sign-now").click();
  await expect(page.getByTestId("checkout-dialog")).toContainText(t("pt", "checkoutPage.title", { id: current.id }));
});
