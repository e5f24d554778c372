/**
 * Announcements (business-areas §2.14, core-platform §2.14): the super admin
 * publishes an announcement with an image; a user of another company sees the
 * unseen dot, opens the popover and the announcement with its image, and the
 * dot goes; when the super admin deletes it, it leaves the user's popover live.
 * A user who is not super is turned away from the management page.
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { newPerson, signUpByApi } from "./harness/people.js";
import { asSuperAdmin } from "./harness/super-admin.js";

/** A 1x1 PNG. */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const row = (page: Page, title: string) =>
  page.locator('tr[data-testid^="announcement-row-"]').filter({ hasText: title });

test("the super admin publishes an announcement that a user of another company reads", async ({
  browser,
  page,
  baseURL,
}) => {
  // Two browsers and a long path: on a loaded machine it passes 60 s.
  test.slow();
  const title = `Manutenção ${randomBytes(3).toString("hex")}`;
  const text = "O sistema ficará fora do ar no sábado às 22h.";

  await asSuperAdmin(page, async () => {
    await page.getByTestId("menu-item-announcements").click();
    await expect(page).toHaveURL(/\/announcements$/);
    await page.getByTestId("announcement-add").click();
    const modal = page.getByTestId("announcement-modal");
    // Title and text are required.
    await modal.getByTestId("announcement-save").click();
    await expect(modal.getByText(t("pt", "announcements.dialog.form.required")).first()).toBeVisible();
    await modal.getByTestId("announcement-title").fill(title);
    await modal.getByTestId("announcement-text").fill(text);
    await modal.getByTestId("announcement-priority").selectOption("1");
    await modal
      .getByTestId("announcement-file")
      .setInputFiles({ name: "aviso.png", mimeType: "image/png", buffer: png });
    await expect(modal.getByTestId("announcement-file-name")).toHaveText("aviso.png");
    await expect(modal.getByTestId("announcement-save")).toHaveText(t("pt", "announcementModal.buttons.okAdd"));
    await modal.getByTestId("announcement-save").click();
    await expect(page.getByText(t("pt", "announcements.toasts.saved")).first()).toBeVisible();
    await expect(row(page, title)).toContainText(t("pt", "announcements.priority.1"));
    await expect(row(page, title).getByTestId("announcement-row-media")).toHaveText("aviso.png");
    await expect(row(page, title).getByTestId("announcement-row-status")).toHaveText(
      t("pt", "announcements.status.active"),
    );
  });

  // Someone of another company, in a browser of their own.
  const person = newPerson("announcements");
  await signUpByApi(baseURL!, person);
  const context = await browser.newContext();
  const userPage = await context.newPage();
  await logIn(userPage, person.email, person.password);
  await expect(userPage).toHaveURL(/\/tickets$/);

  const button = userPage.getByTestId("announcements-button");
  await expect(button).toHaveAttribute("data-unseen", "true");
  await button.click();
  const popover = userPage.getByTestId("announcements-popover");
  const item = popover.locator('[data-testid^="announcement-item-"]').filter({ hasText: title });
  await expect(item).toContainText(text);
  await expect(item).toHaveAttribute("data-priority", "1");
  await expect(item).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  // Opening the popover marks what it lists as seen.
  await expect(button).toHaveAttribute("data-unseen", "false");

  await item.click();
  const dialog = userPage.getByTestId("announcement-dialog");
  await expect(dialog).toContainText(title);
  await expect(dialog).toContainText(text);
  await expect(dialog.getByTestId("announcement-dialog-image")).toHaveAttribute("src", /^data:image\/png;base64,/);
  await dialog.getByTestId("announcement-dialog-close").click();
  await expect(dialog).toBeHidden();

  // Seen is kept on the server: a reload shows no dot.
  await userPage.reload();
  await expect(userPage.getByTestId("announcements-button")).toHaveAttribute("data-unseen", "false");

  // The management page is for super users only.
  await userPage.goto("/announcements");
  const denied = userPage.getByText(t("pt", "announcements.toasts.info"));
  await expect(denied).toBeVisible();
  await expect(userPage).not.toHaveURL(/\/announcements$/);
  // The toast lies over the top bar's buttons: the user closes it, as they would.
  await userPage.locator("#announcements-denied").getByRole("button", { name: "close" }).click();
  await expect(denied).toBeHidden();

  // The user keeps the popover open while the super admin deletes the announcement.
  await userPage.getByTestId("announcements-button").click();
  await expect(item).toBeVisible();
  // A browser of its own: the first one's super session may have been ended by another spec since.
  const superContext = await browser.newContext();
  const superPage = await superContext.newPage();
  await asSuperAdmin(superPage, async () => {
    const page = superPage;
    await page.getByTestId("menu-item-announcements").click();
    await row(page, title).getByTestId("announcement-delete").click();
    await page.getByTestId("announcement-delete-dialog-confirm").click();
    await expect(page.getByText(t("pt", "announcements.toasts.deleted")).first()).toBeVisible();
    await expect(row(page, title)).toHaveCount(0);
  });
  await expect(item).toHaveCount(0);
  await Promise.all([context.close(), superContext.close()]);
});
