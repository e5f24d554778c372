/**
 * Media storage per company (issue 29 item 9). A company admin sees on Settings how much of the
 * plan's storage the company's files take, before and after an upload; the super admin sees the
 * same on the company's row and gives it a plan of 1 MB in the plan form; the admin's next flow
 * upload that does not fit is refused with the storage toast, and the usage stays.
 */
import { randomBytes } from "node:crypto";
import { expect, test } from "./harness/fixtures.js";
import { addBlockDialog, dialog, signedInBuilder, toast, upload } from "./harness/flow-dialogs.js";
import { t } from "./harness/i18n.js";
import { openSettings } from "./harness/settings-screen.js";
import { asSuperAdmin } from "./harness/super-admin.js";

const KB = 1024;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const usage = (used: string, limit: string) => t("pt", "settings.storage.usage", { used, limit });

test("an admin's uploads count against the plan's storage, on Settings and on the super admin's company row", async ({
  page,
  baseURL,
  browser,
}) => {
  test.slow();
  const { flow, admin } = await signedInBuilder(page, baseURL!, "storage");
  await openSettings(page);
  await expect(page.getByTestId("own-storage")).toContainText(usage("0 B", "2 GB"));

  await upload(
    baseURL!,
    page,
    "/flowbuilder/img",
    "capa.png",
    Buffer.concat([PNG, Buffer.alloc(300 * KB - PNG.length)]),
  );
  await page.reload();
  await expect(page.getByTestId("own-storage")).toContainText(usage("300 KB", "2 GB"));

  const planName = `Plano pequeno ${randomBytes(4).toString("hex")}`;
  const superPage = await (await browser.newContext()).newPage();
  await asSuperAdmin(superPage, async () => {
    await openSettings(superPage);
    await superPage.getByTestId("settings-tab-companies").click();
    const row = superPage.locator('tr[data-testid^="company-row-"]', { hasText: admin.company });
    await expect(row.getByTestId("company-storage")).toContainText(usage("300 KB", "2 GB"));

    await superPage.getByTestId("settings-tab-plans").click();
    await superPage.getByTestId("plan-name").fill(planName);
    for (const field of ["users", "connections", "queues"]) await superPage.getByTestId(`plan-${field}`).fill("3");
    await expect(superPage.getByTestId("plan-storage")).toHaveValue("2048");
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

  // 900 KB more does not fit in 1 MB: the builder says the storage is full and keeps nothing.
  await page.goto(`/flowbuilder/${flow.id}`);
  await addBlockDialog(page, "singleBlock");
  const content = dialog(page, "singleBlock");
  await content.getByTestId("flow-content-add-audio").click();
  await content.getByTestId("flow-content-file-audio0").setInputFiles({
    name: "longo.ogg",
    mimeType: "audio/ogg",
    buffer: Buffer.concat([Buffer.from("OggS"), Buffer.alloc(900 * KB)]),
  });
  await content.getByTestId("flow-dialog-save").click();
  await expect(toast(page, t("pt", "settings.storage.full"))).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByTestId("own-storage")).toContainText(usage("300 KB", "1 MB"));
});
