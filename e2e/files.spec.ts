/**
 * A person's path through file lists (automation-areas "File lists"): the
 * dialog's rules, a list with two options each holding a file (uploaded
 * after the save), the list shown with its count, and a stored file opened
 * from the dialog.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";

const shots = process.env.PW_SHOTS_DIR;
const modal = (page: Page) => page.getByTestId("file-list-modal");
const rows = (page: Page) => page.locator('tr[data-testid^="file-list-row-"]');
const option = (page: Page, index: number) => modal(page).getByTestId(`file-option-${index}`);
// A real 1x1 PNG, so the browser can show it when it is opened.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(256, 32)]);

test("an administrator keeps a file list with two files and opens one", async ({ page, baseURL, browser }) => {
  const admin = newPerson("files");
  await signUpByApi(baseURL!, admin);
  // A colleague keeps /files open: the list follows company-{id}-file live there.
  const agent = newPerson("files-agent");
  const api = await apiAs(baseURL!, admin);
  await api("POST", "/users", { name: "Agente", email: agent.email, password: agent.password, profile: "user" });
  const colleague = await (await browser.newContext()).newPage();
  await logIn(colleague, agent.email, agent.password);
  await expect(colleague).toHaveURL(/\/tickets$/);
  await colleague.goto("/files");
  await expect(colleague.getByText(t("pt", "files.empty"))).toBeVisible();

  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("menu-item-files").click();
  await expect(page).toHaveURL(/\/files$/);
  await expect(page.getByText(t("pt", "files.empty"))).toBeVisible();

  // The name needs 3 characters and the message is required.
  await page.getByTestId("file-list-add").click();
  await modal(page).getByTestId("file-list-name").fill("ab");
  await modal(page).getByTestId("file-list-save").click();
  await expect(modal(page).getByText(t("pt", "fileModal.formErrors.name.short"))).toBeVisible();
  await expect(modal(page).getByText(t("pt", "fileModal.formErrors.message.required"))).toBeVisible();

  await modal(page).getByTestId("file-list-name").fill("Catálogo 2026");
  await modal(page).getByTestId("file-list-message").fill("Segue nosso catálogo");
  await modal(page).getByTestId("file-option-add").click();
  await modal(page).getByTestId("file-option-add").click();
  await option(page, 0).getByTestId("file-option-name").fill("Logo da loja");
  await option(page, 0)
    .getByTestId("file-option-file")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await option(page, 1).getByTestId("file-option-name").fill("Tabela de preços");
  await option(page, 1)
    .getByTestId("file-option-file")
    .setInputFiles({ name: "precos.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(option(page, 0).getByTestId("file-option-chosen")).toHaveText("logo.png");
  await expect(option(page, 1).getByTestId("file-option-chosen")).toHaveText("precos.pdf");
  if (shots) await page.screenshot({ path: `${shots}/file-list-modal.png` });
  await modal(page).getByTestId("file-list-save").click();
  await expect(page.getByText(t("pt", "fileModal.success")).first()).toBeVisible();
  await expect(modal(page)).toBeHidden();

  // Listed, and counted in the title.
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).getByTestId("file-list-row-name")).toHaveText("Catálogo 2026");
  await expect(page.getByTestId("files-count")).toHaveText("(1)");
  await expect(rows(colleague).getByTestId("file-list-row-name")).toHaveText("Catálogo 2026");
  if (shots) await page.screenshot({ path: `${shots}/files-page.png` });

  // The dialog shows each option's stored file; one opens in a new tab.
  await rows(page).getByTestId("file-list-edit").click();
  await expect(modal(page).getByTestId("file-list-message")).toHaveValue("Segue nosso catálogo");
  await expect(option(page, 0).getByTestId("file-option-name")).toHaveValue("Logo da loja");
  await expect(option(page, 0).getByTestId("file-option-stored")).toHaveText("logo.png");
  await expect(option(page, 1).getByTestId("file-option-stored")).toHaveText("precos.pdf");
  const opened = page.waitForEvent("popup");
  await option(page, 0).getByTestId("file-option-stored").click();
  const tab = await opened;
  await tab.waitForURL(/^blob:/);
  await expect.poll(() => tab.evaluate(() => document.querySelector("img")?.naturalWidth ?? 0)).toBe(1);
  await tab.close();

  // An option removed goes with its file; the list keeps the other.
  await option(page, 1).getByTestId("file-option-remove").click();
  await modal(page).getByTestId("file-list-save").click();
  await expect(modal(page)).toBeHidden();
  await rows(page).getByTestId("file-list-edit").click();
  await expect(modal(page).getByTestId("file-option-stored")).toHaveCount(1);
  await modal(page).getByTestId("file-list-cancel").click();

  // Delete after its confirmation.
  await rows(page).getByTestId("file-list-delete").click();
  await page.getByTestId("file-list-delete-dialog-confirm").click();
  await expect(page.getByText(t("pt", "files.toasts.deleted")).first()).toBeVisible();
  await expect(page.getByText(t("pt", "files.empty"))).toBeVisible();
  await expect(colleague.getByText(t("pt", "files.empty"))).toBeVisible();
});
