/**
 * A person's path through users (core-platform §2.16, §5 "User modal"): an
 * admin adds an agent with a queue, finds them by search, edits them, the
 * agent logs in, the admin deletes them after a confirmation titled with the
 * name; and with the company's userCreation setting disabled, adding a user
 * shows the localised refusal.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";

const modal = (page: Page) => page.getByTestId("user-modal");
const rows = (page: Page) => page.locator('tr[data-testid^="user-row-"]');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });

async function fillUser(page: Page, user: { name: string; email: string; password: string }) {
  await page.getByTestId("user-add").click();
  await modal(page).getByTestId("user-modal-name").fill(user.name);
  await modal(page).getByTestId("user-modal-email").fill(user.email);
  await modal(page).getByTestId("user-modal-password").fill(user.password);
}

async function agentLogsIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/tickets$/);
  return { page, close: () => context.close() };
}

test("an admin adds, finds, edits and deletes an agent, who can log in meanwhile", async ({
  page,
  baseURL,
  browser,
}) => {
  const admin = newPerson("users");
  await signUpByApi(baseURL!, admin);
  const api = await apiAs(baseURL!, admin);
  const queue = await api("POST", "/queue", { name: "Suporte", color: "#1e88e5", greetingMessage: "" });
  const agent = newPerson("agent");

  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("menu-item-users").click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(row(page, admin.email)).toBeVisible();

  // Adding needs a password.
  await page.getByTestId("user-add").click();
  await modal(page).getByTestId("user-modal-save").click();
  await expect(modal(page).getByText(t("pt", "userModal.validation.required")).first()).toBeVisible();
  await modal(page).getByTestId("user-modal-cancel").click();

  // Add the agent with the queue.
  await fillUser(page, { name: "Agente Carla", email: agent.email, password: agent.password });
  await modal(page).getByTestId("user-modal-queues").getByRole("combobox").click();
  await page.getByRole("option", { name: queue.name }).click();
  await page.keyboard.press("Escape");
  await modal(page).getByTestId("user-modal-save").click();
  await expect(page.getByText(t("pt", "userModal.success")).first()).toBeVisible();
  await expect(modal(page)).toBeHidden();
  await expect(row(page, agent.email).getByTestId("user-row-profile")).toHaveText(t("pt", "userModal.form.user"));

  // Search is case-insensitive and leaves the others out.
  await page.getByTestId("users-search").fill("CARLA");
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, "Agente Carla")).toBeVisible();

  // Edit: the modal shows the saved queue; rename.
  await row(page, "Agente Carla").getByTestId("user-edit").click();
  await expect(modal(page).getByTestId("user-modal-name")).toHaveValue("Agente Carla");
  await expect(modal(page).getByTestId("user-modal-queues")).toContainText(queue.name);
  await modal(page).getByTestId("user-modal-name").fill("Agente Carla Souza");
  await modal(page).getByTestId("user-modal-save").click();
  await expect(modal(page)).toBeHidden();
  await expect(row(page, agent.email).getByTestId("user-row-name")).toHaveText("Agente Carla Souza");

  // The new agent can log in, and stays signed in in their own browser.
  const agentSession = await agentLogsIn(browser, agent.email, agent.password);

  // Delete after a confirmation titled with the name.
  await row(page, agent.email).getByTestId("user-delete").click();
  const confirm = page.getByTestId("user-delete-dialog");
  await expect(confirm).toContainText(t("pt", "users.confirmationModal.deleteTitle", { name: "Agente Carla Souza" }));
  await confirm.getByTestId("user-delete-dialog-confirm").click();
  await expect(page.getByText(t("pt", "users.toasts.deleted")).first()).toBeVisible();
  await expect(row(page, agent.email)).toHaveCount(0);
  // The deleted agent's open browser leaves at once.
  await expect(agentSession.page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await agentSession.close();
  await page.getByTestId("users-search").fill("");
  await expect(rows(page)).toHaveCount(1);
});

test("with user creation disabled, adding a user shows the localised refusal", async ({ page, baseURL }) => {
  const admin = newPerson("nousers");
  await signUpByApi(baseURL!, admin);
  const api = await apiAs(baseURL!, admin);
  await api("PUT", "/settings/userCreation", { value: "disabled" });

  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/users");
  await fillUser(page, { name: "Sem Permissão", email: newPerson("blocked").email, password: "senha1" });
  await modal(page).getByTestId("user-modal-save").click();
  await expect(page.getByText(t("pt", "backendErrors.ERR_USER_CREATION_DISABLED")).first()).toBeVisible();
  await expect(modal(page)).toBeVisible();
  await modal(page).getByTestId("user-modal-cancel").click();
  await expect(rows(page)).toHaveCount(1);
});
