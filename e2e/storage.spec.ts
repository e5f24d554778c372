/**
 * Media storage per company (issue 29 item 9). A company admin sees on Settings how much of the
 * plan's storage the company's files take, before and after an upload; the super admin sees the
 * same on the company's row, gives it a plan of 1 MB in the plan form, and its row follows.
 */
import { randomBytes } from "node:crypto";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { logIn, storedToken } from "./harness/pages.js";
import { newPerson, signUpByApi } from "./harness/people.js";
import { openSettings } from "./harness/settings-screen.js";
import { asSuperAdmin } from "./harness/super-admin.js";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const usage = (used: string, limit: string) => t("pt", "settings.storage.usage", { used, limit });

test("an admin's upload shows on Settings and on the super admin's company row, against the plan's storage", async ({
  page,
  baseURL,
  browser,
}) => {
  const admin = newPerson("storage");
  await signUpByApi(baseURL!, admin);
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await openSettings(page);
  await expect(page.getByTestId("own-storage")).toContainText(usage("0 B", "2 GB"));

  // A picture for a flow, sent as the builder sends it, with the page's session.
  const form = new FormData();
  form.append("fromMe", "true");
  form.append("medias", new Blob([PNG, new Uint8Array(300 * 1024 - PNG.length)]), "capa.png");
  const token = JSON.parse((await storedToken(page)) ?? '""') as string;
  const sent = await fetch(`${baseURL}/api/flowbuilder/img`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(sent.status).toBe(200);
  await page.reload();
  await expect(page.getByTestId("own-storage")).toContainText(usage("300 KB", "2 GB"));

  const tag = randomBytes(4).toString("hex");
  const planName = `Plano pequeno ${tag}`;
  const superPage = await (await browser.newContext()).newPage();
  await asSuperAdmin(superPage, async () => {
    await openSettings(superPage);
    await superPage.getByTestId("settings-tab-companies").click();
    const row = superPage.locator('tr[data-testid^="company-row-"]', { hasText: admin.company });
    await expect(row.getByTestId("company-storage")).toContainText(usage("300 KB", "2 GB"));

    await superPage.getByTestId("settings-tab-plans").click();
    await superPage.getByTestId("plan-name").fill(planName);
    for (const field of ["users", "connections", "queues"]) await superPage.getByTestId(`plan-${field}`).fill("3");
    await superPage.getByTestId("plan-storage").fill("1");
    await superPage.getByTestId("plan-value").fill("0");
    await superPage.getByTestId("plan-save").click();
    await expect(superPage.getByText(t("pt", "plans.toasts.success")).first()).toBeVisible();
    await expect(superPage.locator('tr[data-testid^="plan-row-"]', { hasText: planName })).toContainText("1 MB");

    await superPage.getByTestId("settings-tab-companies").click();
    await row.getByTestId("company-edit").click();
    await superPage.getByTestId("company-plan").selectOption({ label: planName });
    await superPage.getByTestId("company-save").click();
    await expect(superPage.getByText(t("pt", "settings.company.toasts.success")).first()).toBeVisible();
    await expect(row.getByTestId("company-storage")).toContainText(usage("300 KB", "1 MB"));
  });
  await superPage.context().close();
});
