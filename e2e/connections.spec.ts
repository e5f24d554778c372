/**
 * A person's path through connections (core-platform §2.17, §4.3): an admin
 * adds a Cloud API connection with its credentials, sees it listed as the
 * default with the menu's "!" badge, edits it (secrets come back masked, the
 * webhook URL shows), meets the greeting rule with two queues, adds and
 * deletes another; an agent sees the list without Add, edit or delete.
 */
import type { Browser, Page } from "@playwright/test";
import { readEnv } from "./harness/env.js";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";

const shots = process.env.PW_SHOTS_DIR;
const modal = (page: Page) => page.getByTestId("connection-modal");
const row = (page: Page, name: string) => page.locator('tr[data-testid^="connection-row-"]').filter({ hasText: name });
const tab = (page: Page, name: string) => modal(page).getByTestId(`connection-tab-${name}`);

async function asAgent(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/tickets$/);
  return { page, close: () => context.close() };
}

test("an admin adds a cloud connection, edits it, meets the greeting rule and deletes one", async ({
  page,
  baseURL,
  browser,
}) => {
  // A long path (two people, five dialogs): about 50 s on a quiet machine, past the 60 s default on a busy one.
  test.slow();
  const admin = newPerson("connections");
  await signUpByApi(baseURL!, admin);
  const api = await apiAs(baseURL!, admin);
  const vendas = await api("POST", "/queue", { name: "Vendas", color: "#1e88e5" });
  const suporte = await api("POST", "/queue", { name: "Suporte", color: "#43a047" });
  const agent = newPerson("conn-agent");
  await api("POST", "/users", { name: "Agente", email: agent.email, password: agent.password, profile: "user" });
  // Meta knows this number under another token: the typed one is refused, so the connection stays DISCONNECTED.
  const pinned = await fetch(`${readEnv("graphOrigin")}/_control/numbers`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ phoneNumberId: "109876543210", accessToken: "another-token-meta-issued" }),
  });
  expect(pinned.ok).toBe(true);

  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("menu-item-connections").click();
  await expect(page).toHaveURL(/\/connections$/);
  await expect(page.getByText(t("pt", "connections.empty"))).toBeVisible();

  // Add a Cloud API connection: the webhook URL comes after saving; the four credentials are required.
  await page.getByTestId("connection-add").click();
  await modal(page).getByTestId("connection-name").fill("Loja Cloud");
  await tab(page, "provider").click();
  await modal(page).getByTestId("connection-provider").selectOption("cloud");
  await expect(modal(page).getByTestId("connection-webhook-later")).toBeVisible();
  await modal(page).getByTestId("connection-modal-save").click();
  await expect(modal(page).getByText(t("pt", "whatsappModal.form.required")).first()).toBeVisible();
  await modal(page).getByTestId("connection-cloudPhoneNumberId").fill("109876543210");
  await modal(page).getByTestId("connection-cloudAccessToken").fill("EAAG-access-token-secret-4321");
  await modal(page).getByTestId("connection-cloudAppSecret").fill("app-secret-value-abcd");
  await modal(page).getByTestId("connection-cloudVerifyToken-generate").click();
  await expect(modal(page).getByTestId("connection-cloudVerifyToken")).not.toHaveValue("");
  if (shots) await page.screenshot({ path: `${shots}/connection-modal-cloud.png` });
  await modal(page).getByTestId("connection-modal-save").click();
  await expect(page.getByText(t("pt", "whatsappModal.success")).first()).toBeVisible();
  await expect(modal(page)).toBeHidden();

  // Listed as the default, disconnected; the menu badge says a connection needs attention.
  const cloud = row(page, "Loja Cloud");
  await expect(cloud.getByTestId("connection-row-default")).toBeVisible();
  await expect(cloud.getByTestId("connection-status")).toHaveAttribute("data-status", "DISCONNECTED");
  await expect(cloud.getByTestId("session-start")).toBeVisible();
  await expect(cloud.getByTestId("connection-row-updated")).toHaveText(/^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  await expect(page.getByTestId("menu-item-connections")).toContainText("!");
  if (shots) await page.screenshot({ path: `${shots}/connections-page.png` });

  // Edit: secrets come back masked, the webhook URL names the connection; rename it.
  await cloud.getByTestId("connection-edit").click();
  await expect(modal(page).getByTestId("connection-name")).toHaveValue("Loja Cloud");
  await tab(page, "provider").click();
  await expect(modal(page).getByTestId("connection-cloudAccessToken")).toHaveValue("••••4321");
  await expect(modal(page).getByTestId("connection-webhook-url")).toHaveValue(/\/api\/webhooks\/whatsapp\/\d+$/);
  await tab(page, "general").click();
  await modal(page).getByTestId("connection-name").fill("Loja Centro");
  await modal(page).getByTestId("connection-token-generate").click();
  await modal(page).getByTestId("connection-modal-save").click();
  await expect(modal(page)).toBeHidden();
  await expect(row(page, "Loja Centro")).toBeVisible();
  await expect(row(page, "Loja Cloud")).toHaveCount(0);

  // Two queues without a greeting: the server's rule shows as a localised toast.
  await row(page, "Loja Centro").getByTestId("connection-edit").click();
  await expect(modal(page).getByTestId("connection-name")).toHaveValue("Loja Centro");
  await tab(page, "queues").click();
  await modal(page).getByTestId("connection-queues").getByRole("combobox").click();
  await page.getByRole("option", { name: vendas.name }).click();
  await page.getByRole("option", { name: suporte.name }).click();
  await page.keyboard.press("Escape");
  await modal(page).getByTestId("connection-modal-save").click();
  await expect(page.getByText(t("pt", "backendErrors.ERR_WAPP_GREETING_REQUIRED")).first()).toBeVisible();
  await expect(modal(page)).toBeVisible();
  await modal(page).getByTestId("connection-modal-cancel").click();

  // A second connection is not the default; delete it after the confirmation.
  await page.getByTestId("connection-add").click();
  await modal(page).getByTestId("connection-name").fill("Loja Web");
  await modal(page).getByTestId("connection-modal-save").click();
  await expect(row(page, "Loja Web")).toBeVisible();
  await expect(row(page, "Loja Web").getByTestId("connection-row-default")).toHaveCount(0);
  // A WhatsApp Web connection starts its session on save: "connecting" until WhatsApp answers.
  await expect(row(page, "Loja Web").getByTestId("session-opening")).toBeDisabled();
  await row(page, "Loja Web").getByTestId("connection-delete").click();
  const confirm = page.getByTestId("connection-delete-dialog");
  await expect(confirm).toContainText(t("pt", "connections.confirmationModal.deleteTitle", { name: "Loja Web" }));
  await confirm.getByTestId("connection-delete-dialog-confirm").click();
  await expect(page.getByText(t("pt", "connections.toasts.deleted")).first()).toBeVisible();
  await expect(row(page, "Loja Web")).toHaveCount(0);

  // The user modal's default-connection select lists the company's connections.
  await page.getByTestId("menu-item-users").click();
  await page.getByTestId("user-add").click();
  await page.getByTestId("user-modal").getByLabel(t("pt", "userModal.form.whatsapp")).click();
  await expect(page.getByRole("option", { name: "Loja Centro" })).toBeVisible();
  await page.keyboard.press("Escape");

  // An agent reads the list, without Add, session buttons, edit or delete.
  const agentView = await asAgent(browser, agent.email, agent.password);
  await agentView.page.goto("/connections");
  await expect(row(agentView.page, "Loja Centro")).toBeVisible();
  await expect(agentView.page.getByTestId("connection-add")).toHaveCount(0);
  await expect(agentView.page.getByTestId("connection-edit")).toHaveCount(0);
  await expect(agentView.page.getByTestId("connection-delete")).toHaveCount(0);
  await expect(agentView.page.getByTestId("session-start")).toHaveCount(0);
  if (shots) await agentView.page.screenshot({ path: `${shots}/connections-agent.png` });
  await agentView.close();
});
