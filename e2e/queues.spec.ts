/**
 * An admin's path through queues (business-areas §2.4): creates a queue with a
 * colour from the palette, gives it two chatbot options and a child option,
 * edits it, is told a colour is already in use, and deletes it. With hours kept
 * per queue, saving a queue without an out-of-hours message warns first and
 * offers the default message (issue 30 item 12).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { apiAsPage, logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";
import { addOption, pickColour, queueModal as modal } from "./harness/queue-screens.js";

const shots = process.env.PW_SHOTS_DIR;
const rows = (page: Page) => page.locator('tr[data-testid^="queue-row-"]');

const rootLabels = (page: Page) => page.getByTestId("options-root").locator(":scope > li").getByTestId("option-label");

test("an admin builds a queue with a chatbot menu, edits it, meets a taken colour and deletes it", async ({
  page,
  baseURL,
}) => {
  // One long path (three modal visits, a dozen saves): more than the default minute on a busy machine.
  test.slow();
  const admin = newPerson("queues");
  await signUpByApi(baseURL!, admin);
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("menu-item-queues").click();
  await expect(page).toHaveURL(/\/queues$/);
  await expect(page.getByText(t("pt", "queues.empty"))).toBeVisible();

  // Create: name, a swatch of the palette, a greeting.
  await page.getByTestId("queue-add").click();
  await expect(modal(page).getByTestId("options-hint")).toHaveText(t("pt", "queueOptions.saveQueueFirst"));
  await modal(page).getByTestId("queue-name").fill("Vendas");
  await pickColour(page, "1273de");
  await expect(modal(page).getByTestId("queue-color")).toHaveValue("#1273DE");
  await modal(page).getByTestId("queue-order").fill("1");
  await modal(page).getByTestId("queue-greeting").fill("Olá! Escolha uma opção:");
  await modal(page).getByTestId("queue-modal-save").click();
  await expect(page.getByText(t("pt", "queueModal.toasts.success")).first()).toBeVisible();
  await expect(modal(page)).toBeHidden();
  await expect(rows(page).getByTestId("queue-row-name")).toHaveText(["Vendas"]);
  const row = rows(page).first();
  await expect(row.getByTestId("queue-row-color")).toHaveAttribute("data-color", "#1273de");

  // Edit: two root options, then a child under the second one.
  await row.getByTestId("queue-edit").click();
  await expect(modal(page).getByTestId("queue-name")).toHaveValue("Vendas");
  await addOption(page, "Comprar", "Qual produto deseja?");
  await addOption(page, "", "Fale com o suporte");
  await expect(rootLabels(page)).toHaveText(["Comprar", t("pt", "queueOptions.untitled")]);
  const second = page.getByTestId("options-root").locator(":scope > li").nth(1);
  await second.getByTestId("option-edit").click();
  await second.getByTestId("option-title").fill("Suporte");
  await second.getByTestId("option-save").click();
  await expect(rootLabels(page)).toHaveText(["Comprar", "Suporte"]);
  await second.getByTestId("option-toggle").first().click();
  await expect(modal(page).getByTestId("options-hint")).toHaveText(
    t("pt", "queueOptions.addUnder", { title: "Suporte" }),
  );
  await addOption(page, "Celulares", "Qual modelo?");
  await expect(second.locator("ul li").getByTestId("option-label")).toHaveText(["Celulares"]);
  await modal(page).getByTestId("queue-name").fill("Vendas e Suporte");
  await modal(page).getByTestId("queue-modal-save").click();
  await expect(modal(page)).toBeHidden();
  await expect(rows(page).getByTestId("queue-row-name")).toHaveText(["Vendas e Suporte"]);
  const renamed = row;

  // The tree was saved: reopening shows it, children under their option.
  await renamed.getByTestId("queue-edit").click();
  await expect(rootLabels(page)).toHaveText(["Comprar", "Suporte"]);
  await page.getByTestId("options-root").locator(":scope > li").nth(1).getByTestId("option-toggle").first().click();
  await expect(page.getByTestId("options-root").locator("ul li").getByTestId("option-label")).toHaveText(["Celulares"]);
  await modal(page).getByTestId("queue-modal-cancel").click();

  // Another queue with the same colour is refused, and nothing is added.
  await page.getByTestId("queue-add").click();
  await modal(page).getByTestId("queue-name").fill("Financeiro");
  await pickColour(page, "1273de");
  await modal(page).getByTestId("queue-modal-save").click();
  await expect(page.getByText(t("pt", "backendErrors.ERR_QUEUE_COLOR_ALREADY_EXISTS"))).toBeVisible();
  await expect(modal(page)).toBeVisible();
  await modal(page).getByTestId("queue-modal-cancel").click();
  await expect(rows(page)).toHaveCount(1);

  // Delete asks first; cancelling keeps the queue, confirming removes it.
  await renamed.getByTestId("queue-delete").click();
  await page.getByTestId("queue-delete-dialog-cancel").click();
  await expect(renamed).toBeVisible();
  await renamed.getByTestId("queue-delete").click();
  await page.getByTestId("queue-delete-dialog-confirm").click();
  await expect(page.getByText(t("pt", "queues.toasts.deleted"))).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(t("pt", "queues.empty"))).toBeVisible();
});

test("with hours per queue, a queue saved without an out-of-hours message warns first and offers the default one", async ({
  page,
  baseURL,
}) => {
  const admin = newPerson("queue-hours");
  await signUpByApi(baseURL!, admin);
  await (
    await apiAs(baseURL!, admin)
  )("PUT", "/settings/scheduleType", { key: "scheduleType", value: "queue" });
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("menu-item-queues").click();
  // The browser's login ended the API session above: read with the page's own token.
  const api = apiAsPage(baseURL!, page);
  const queues = () => api<{ name: string; outOfHoursMessage: string }[]>("GET", "/queue", undefined);

  // The first save says what an empty message means for customers, and saves nothing yet.
  await page.getByTestId("queue-add").click();
  await modal(page).getByTestId("queue-name").fill("Padaria");
  await pickColour(page, "1273de");
  await modal(page).getByTestId("queue-modal-save").click();
  const warning = modal(page).getByTestId("queue-out-of-hours-warning");
  await expect(warning).toContainText(t("pt", "queueModal.schedules.noOutOfHoursMessage"));
  if (shots) await page.screenshot({ path: `${shots}/queue-out-of-hours-warning.png` });
  expect(await queues()).toEqual([]);
  // One click fills in the default message, in the admin's language; the queue is saved with it.
  await warning.getByTestId("queue-out-of-hours-warning-use-default").click();
  const fallback = t("pt", "queueModal.schedules.defaultOutOfHoursMessage");
  await expect(modal(page).getByTestId("queue-out-of-hours")).toHaveValue(fallback);
  await expect(warning).toHaveCount(0);
  await modal(page).getByTestId("queue-modal-save").click();
  await expect(modal(page)).toBeHidden();
  expect((await queues()).map((q) => [q.name, q.outOfHoursMessage])).toEqual([["Padaria", fallback]]);

  // A warning, not a wall: saving again keeps a queue silent outside its hours, if that is what the admin wants.
  await page.getByTestId("queue-add").click();
  await modal(page).getByTestId("queue-name").fill("Confeitaria");
  await pickColour(page, "b80000");
  await modal(page).getByTestId("queue-modal-save").click();
  await expect(warning).toBeVisible();
  await modal(page).getByTestId("queue-modal-save").click();
  await expect(modal(page)).toBeHidden();
  expect((await queues()).find((q) => q.name === "Confeitaria")?.outOfHoursMessage).toBe("");
});
