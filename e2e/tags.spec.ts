/**
 * A person's path through tags (business-areas §2.5): an admin creates a
 * tag with a free colour and the Kanban switch, sees it as a chip in its
 * colour, edits it, meets the duplicate name, adds one with a double click
 * (one tag made), and deletes it.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { newPerson, signUpByApi } from "./harness/people.js";

const modal = (page: Page) => page.getByTestId("tag-modal");
const row = (page: Page, name: string) => page.locator('tr[data-testid^="tag-row-"]').filter({ hasText: name });

async function addTag(page: Page, name: string, color: string, kanban = false) {
  await page.getByTestId("tag-add").click();
  await modal(page).getByTestId("tag-name").fill(name);
  await modal(page).getByTestId("tag-color").fill(color);
  if (kanban) await modal(page).getByTestId("tag-kanban").check();
  await modal(page).getByTestId("tag-save").click();
}

test("an admin creates, edits and deletes a tag", async ({ page, baseURL }) => {
  const admin = newPerson("tags");
  await signUpByApi(baseURL!, admin);
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("menu-item-tags").click();
  await expect(page).toHaveURL(/\/tags$/);
  await expect(page.getByText(t("pt", "tags.empty"))).toBeVisible();

  // Too short a name is refused in the form.
  await page.getByTestId("tag-add").click();
  await modal(page).getByTestId("tag-name").fill("ab");
  await modal(page).getByTestId("tag-save").click();
  await expect(modal(page).getByText(t("pt", "tagModal.validation.tooShort"))).toBeVisible();
  await modal(page).getByTestId("tag-cancel").click();

  // Create: a chip in the chosen colour, no tickets yet; the admin sees the Kanban switch.
  await addTag(page, "Urgente", "#e53935", true);
  await expect(page.getByText(t("pt", "tags.toasts.saved")).first()).toBeVisible();
  await expect(modal(page)).toBeHidden();
  const chip = row(page, "Urgente").getByTestId("tag-row-chip");
  await expect(chip).toHaveAttribute("data-color", "#e53935");
  await expect(chip).toHaveCSS("background-color", "rgb(229, 57, 53)");
  await expect(row(page, "Urgente").getByTestId("tag-row-count")).toHaveText("0");

  // The same name in another case is a duplicate.
  await addTag(page, "URGENTE", "#000000");
  await expect(page.getByText(t("pt", "backendErrors.ERR_DUPLICATED_TAG")).first()).toBeVisible();
  await modal(page).getByTestId("tag-cancel").click();

  // Edit: the modal shows what was saved; rename and recolour.
  await row(page, "Urgente").getByTestId("tag-edit").click();
  await expect(modal(page).getByTestId("tag-name")).toHaveValue("Urgente");
  await expect(modal(page).getByTestId("tag-color")).toHaveValue("#e53935");
  await expect(modal(page).getByTestId("tag-kanban")).toBeChecked();
  await modal(page).getByTestId("tag-name").fill("Muito urgente");
  await modal(page).getByTestId("tag-color").fill("#1e88e5");
  await modal(page).getByTestId("tag-save").click();
  await expect(modal(page)).toBeHidden();
  await expect(row(page, "Muito urgente").getByTestId("tag-row-chip")).toHaveAttribute("data-color", "#1e88e5");

  // A double click on the dialog's Adicionar sends one tag.
  const tagPosts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/tags") tagPosts.push(r.url());
  });
  await page.getByTestId("tag-add").click();
  await modal(page).getByTestId("tag-name").fill("Financeiro");
  await modal(page).getByTestId("tag-color").fill("#43a047");
  await modal(page).getByTestId("tag-save").dblclick();
  await expect(modal(page)).toBeHidden();
  await expect(row(page, "Financeiro")).toBeVisible();
  await expect(page.getByText(t("pt", "backendErrors.ERR_DUPLICATED_TAG"))).toHaveCount(0);
  expect(tagPosts).toHaveLength(1);

  // Search finds it; delete after confirmation.
  await page.getByTestId("tags-search").fill("MUITO");
  await expect(page.locator('tr[data-testid^="tag-row-"]')).toHaveCount(1);
  await row(page, "Muito urgente").getByTestId("tag-delete").click();
  const confirm = page.getByTestId("tag-delete-dialog");
  await expect(confirm).toContainText(t("pt", "tags.confirmDelete.title", { name: "Muito urgente" }));
  await confirm.getByTestId("tag-delete-dialog-confirm").click();
  await expect(page.getByText(t("pt", "tags.toasts.deleted")).first()).toBeVisible();
  await expect(row(page, "Muito urgente")).toHaveCount(0);
  await page.getByTestId("tags-search").fill("");
  await expect(row(page, "Financeiro")).toBeVisible();
});
