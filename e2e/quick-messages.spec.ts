/**
 * A person's path through quick messages (business-areas §2.7): the shortcode
 * is required, a variable goes in at the cursor, a file's spaces become
 * underscores, 'no attachment' shows without one, the attachment is removed
 * after a confirmation, search and infinite scroll, delete after
 * "delete <shortcode>?".
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { logIn, storedToken } from "./harness/pages.js";
import { newPerson, signUpByApi } from "./harness/people.js";

const shots = process.env.PW_SHOTS_DIR;
const modal = (page: Page) => page.getByTestId("quick-message-modal");
const rows = (page: Page) => page.locator('tr[data-testid^="quick-message-row-"]');
const row = (page: Page, shortcode: string) =>
  rows(page).filter({ has: page.getByTestId("quick-message-row-shortcode").getByText(shortcode, { exact: true }) });
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(256, 32)]);

test("a user keeps quick messages with variables and an attachment", async ({ page, baseURL }) => {
  const admin = newPerson("quick");
  await signUpByApi(baseURL!, admin);
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("menu-item-quick-messages").click();
  await expect(page).toHaveURL(/\/quick-messages$/);
  await expect(page.getByText(t("pt", "quickMessages.empty"))).toBeVisible();

  // The shortcode is required.
  await page.getByTestId("quick-message-add").click();
  await modal(page).getByTestId("quick-message-save").click();
  await expect(modal(page).getByText(t("pt", "quickMessageModal.form.required"))).toBeVisible();

  // A variable goes in where the cursor is.
  await modal(page).getByTestId("quick-message-shortcode").fill("ola");
  const message = modal(page).getByTestId("quick-message-message");
  await message.fill("Olá , tudo bem?");
  await message.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(4, 4));
  await modal(page).getByTestId("quick-message-variables").click();
  await page.getByTestId("quick-message-variable-firstName").click();
  await expect(message).toHaveValue("Olá {{firstName}}, tudo bem?");

  // Attach a file: its name with underscores, and no second 'Attach file' while it is there.
  await modal(page)
    .getByTestId("quick-message-file")
    .setInputFiles({ name: "Tabela de preços.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(modal(page).getByTestId("quick-message-file-name")).toHaveText("Tabela_de_preços.pdf");
  await expect(modal(page).getByTestId("quick-message-attach")).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/quick-message-modal.png` });
  await modal(page).getByTestId("quick-message-save").click();
  await expect(page.getByText(t("pt", "quickMessageModal.success")).first()).toBeVisible();
  await expect(modal(page)).toBeHidden();
  await expect(row(page, "ola").getByTestId("quick-message-row-media")).toHaveText("Tabela_de_preços.pdf");

  // One without an attachment says so.
  await page.getByTestId("quick-message-add").click();
  await modal(page).getByTestId("quick-message-shortcode").fill("pix");
  await modal(page).getByTestId("quick-message-message").fill("Nossa chave PIX é {{protocol}}");
  await modal(page).getByTestId("quick-message-save").click();
  await expect(row(page, "pix").getByTestId("quick-message-row-media")).toHaveText(
    t("pt", "quickMessages.noAttachment"),
  );
  if (shots) await page.screenshot({ path: `${shots}/quick-messages-page.png` });

  // Edit: the attachment goes after a confirmation, then the shortcode changes.
  await row(page, "ola").getByTestId("quick-message-edit").click();
  await expect(modal(page).getByTestId("quick-message-message")).toHaveValue("Olá {{firstName}}, tudo bem?");
  await modal(page).getByTestId("quick-message-file-remove").click();
  await page.getByTestId("quick-message-file-remove-dialog-confirm").click();
  await expect(page.getByText(t("pt", "quickMessageModal.toasts.attachmentRemoved")).first()).toBeVisible();
  await expect(modal(page).getByTestId("quick-message-attach")).toBeVisible();
  await modal(page).getByTestId("quick-message-shortcode").fill("oi");
  await modal(page).getByTestId("quick-message-save").click();
  await expect(modal(page)).toBeHidden();
  await expect(row(page, "oi").getByTestId("quick-message-row-media")).toHaveText(
    t("pt", "quickMessages.noAttachment"),
  );
  await expect(row(page, "ola")).toHaveCount(0);

  // Search, then delete after "delete <shortcode>?".
  await page.getByTestId("quick-messages-search").fill("PIX");
  await expect(rows(page)).toHaveCount(1);
  await row(page, "pix").getByTestId("quick-message-delete").click();
  const confirm = page.getByTestId("quick-message-delete-dialog");
  await expect(confirm).toContainText(t("pt", "quickMessages.confirmationModal.deleteTitle", { shortcode: "pix" }));
  await confirm.getByTestId("quick-message-delete-dialog-confirm").click();
  await expect(page.getByText(t("pt", "quickMessages.toasts.deleted")).first()).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
  await page.getByTestId("quick-messages-search").fill("");
  await expect(row(page, "oi")).toBeVisible();

  // More than a page: the rest comes when scrolling to the end. (Created with this browser's own
  // token: a second login of the same user would end this session.)
  const token = JSON.parse((await storedToken(page))!) as string;
  for (let i = 0; i < 24; i++) {
    const res = await fetch(`${baseURL}/api/quick-messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ shortcode: `r${String(i).padStart(2, "0")}` }),
    });
    expect(res.status).toBe(200);
  }
  await page.reload();
  await expect(rows(page)).toHaveCount(20);
  await rows(page).last().scrollIntoViewIfNeeded();
  await expect(rows(page)).toHaveCount(25);
});
