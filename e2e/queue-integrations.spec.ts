/**
 * Queue integrations end to end (issue 17 items 5 and 6): an admin makes a
 * webhook integration on /queue-integration (the dialog's fields follow the
 * type; the §5 rules show on the fields), reads its signing secret, links it
 * to the connection, and a customer's message, played through the Cloud API
 * webhook, is POSTed signed to a receiver (started here, on 127.0.0.1); the
 * delivery log shows it delivered, and a resend reaches the receiver again
 * with the same delivery id.
 */
import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { startFakeWebhookReceiver, type FakeWebhookReceiver } from "../apps/server/test/fake-webhook-receiver.js";
import { cloudConnection, customerWrites } from "./harness/cloud-connection.js";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { apiAsPage, logIn } from "./harness/pages.js";
import { companyWithColleague, newPerson, signUpByApi } from "./harness/people.js";

const shots = "test-results/queue-integrations";

let receiver: FakeWebhookReceiver;
test.beforeAll(async () => {
  receiver = await startFakeWebhookReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

const modal = (page: Page) => page.getByTestId("integration-modal");

/** The type select shows each type's fields (§2 table), typebot first (§9 default). */
async function walkTheTypes(page: Page) {
  const dialog = modal(page);
  await expect(dialog.getByTestId("integration-type")).toHaveValue("typebot");
  await expect(dialog.getByTestId("integration-typebotDelayMessage")).toHaveValue("1000");
  await expect(dialog.getByTestId("integration-typebotExpires")).toHaveValue("1");
  await dialog.getByTestId("integration-name").fill("B");
  await dialog.getByTestId("integration-save").click();
  await expect(dialog).toContainText(t("pt", "queueIntegrationModal.formErrors.nameShort"));
  await expect(dialog.getByTestId("integration-typebotSlug")).toHaveAttribute("aria-invalid", "true");
  await page.screenshot({ path: `${shots}/2-typebot.png` });

  await dialog.getByTestId("integration-type").selectOption("dialogflow");
  await expect(dialog.getByTestId("integration-jsonContent")).toBeVisible();
  await expect(dialog.getByTestId("integration-language")).toHaveValue("pt-BR");
  await expect(dialog.getByTestId("integration-test")).toBeVisible();
  await expect(dialog.getByTestId("integration-urlN8N")).toHaveCount(0);
  // "test" with something that is no service account: the server's reason, localised.
  await dialog.getByTestId("integration-jsonContent").fill('{"type": "nada"}');
  await dialog.getByTestId("integration-test").click();
  await expect(page.getByText(t("pt", "backendErrors.ERR_DIALOGFLOW_INVALID_JSON"))).toBeVisible();
  await page.screenshot({ path: `${shots}/3-dialogflow.png` });

  await dialog.getByTestId("integration-type").selectOption("flowbuilder");
  await expect(dialog.getByTestId("integration-jsonContent")).toHaveCount(0);
  await expect(dialog.getByTestId("integration-urlN8N")).toHaveCount(0);
}

test("an admin's webhook integration posts a customer's message signed; its delivery log shows it and resends it", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const admin = newPerson("integrations");
  await signUpByApi(baseURL!, admin);
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);

  await page.getByTestId("menu-item-queue-integration").click();
  await expect(page).toHaveURL(/\/queue-integration$/);
  await page.getByTestId("integration-add").click();
  // The dialog names what it makes: an integration, as the page and the menu call it (it said "projeto": issue 30).
  await expect(modal(page).getByRole("heading", { level: 2 })).toHaveText("Adicionar integração");
  await walkTheTypes(page);

  const dialog = modal(page);
  await dialog.getByTestId("integration-type").selectOption("webhook");
  await dialog.getByTestId("integration-name").fill("Pedidos");
  await dialog.getByTestId("integration-save").click();
  await expect(dialog).toContainText(t("pt", "queueIntegrationModal.formErrors.required"));
  await dialog.getByTestId("integration-urlN8N").fill(receiver.url);
  await expect(dialog.getByTestId("integration-secret-later")).toBeVisible();
  await dialog.getByTestId("integration-save").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(t("pt", "queueIntegrationModal.messages.addSuccess"))).toBeVisible();

  const row = page.locator('[data-testid^="integration-row-"]').filter({ hasText: "Pedidos" });
  await expect(row.getByTestId("integration-cell-logo")).toHaveAttribute("alt", "WebHooks");
  const integrationId = Number(await row.getByTestId("integration-cell-id").textContent());
  await page.screenshot({ path: `${shots}/1-list.png` });

  // Search narrows the list (lower-cased, after the debounce).
  await page.getByTestId("integrations-search").fill("PEDI");
  await expect(row).toBeVisible();
  await page.getByTestId("integrations-search").fill("nada assim");
  await expect(row).toHaveCount(0);
  await page.getByTestId("integrations-search").fill("");

  // The signing secret, whole, for the receiver to check signatures with.
  await row.getByTestId("integration-edit").click();
  await expect(dialog.getByRole("heading", { level: 2 })).toHaveText("Editar integração");
  const secret = await dialog.getByTestId("integration-secret").inputValue();
  expect(secret.length).toBeGreaterThanOrEqual(32);
  receiver.secret = secret;
  await expect(dialog.getByTestId("integration-deliveries")).toContainText(
    t("pt", "queueIntegrationModal.deliveries.empty"),
  );
  await dialog.getByTestId("integration-cancel").click();

  // The connection holds customers' tickets for the integration.
  const api = apiAsPage(baseURL!, page);
  const cloud = await cloudConnection(baseURL!, api, { integrationId });
  const customer = { number: `5511${randomInt(10_000_000, 100_000_000)}`, name: "Rita Souza" };
  await customerWrites(cloud, customer, "Quero pedir uma pizza");
  await expect.poll(() => receiver.deliveries.length).toBeGreaterThanOrEqual(1);
  const first = receiver.deliveries[0]!;
  expect(first.signatureValid).toBe(true);
  const deliveryId = first.headers["x-balcao-delivery"];
  expect((JSON.parse(first.rawBody) as { message: { body: string } }).message.body).toBe("Quero pedir uma pizza");

  // The log: delivered at the first attempt, answered 200.
  await row.getByTestId("integration-edit").click();
  const logged = dialog.getByTestId(`delivery-${String(deliveryId)}`);
  await expect(logged.getByTestId("delivery-status")).toHaveText(
    t("pt", "queueIntegrationModal.deliveries.status.delivered"),
  );
  await expect(logged.getByTestId("delivery-attempts")).toHaveText("1");
  await expect(logged.getByTestId("delivery-code")).toHaveText("200");
  await dialog.getByTestId("integration-deliveries").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/4-delivery-log.png` });

  // Resent: the receiver gets it again, with the same delivery id, and the log counts the attempt.
  await logged.getByTestId("delivery-resend").click();
  await expect(page.getByText(t("pt", "queueIntegrationModal.deliveries.resent"))).toBeVisible();
  await expect.poll(() => receiver.deliveries.length).toBeGreaterThanOrEqual(2);
  expect(receiver.deliveries[1]!.headers["x-balcao-delivery"]).toBe(deliveryId);
  await expect(logged.getByTestId("delivery-attempts")).toHaveText("2");
  await dialog.getByTestId("integration-cancel").click();

  // Deleted after a confirmation naming it.
  await row.getByTestId("integration-delete").click();
  const confirm = page.getByTestId("integration-delete-dialog");
  await expect(confirm).toContainText(t("pt", "queueIntegration.confirmationModal.deleteTitle", { name: "Pedidos" }));
  await confirm.getByTestId("integration-delete-dialog-confirm").click();
  await expect(page.getByText(t("pt", "queueIntegration.toasts.deleted"))).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("another admin's integrations and prompts reach an open list live: created, renamed, deleted", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const { ownerApi: api, colleague } = await companyWithColleague(baseURL!, "live");
  await logIn(page, colleague.email, colleague.password);
  await expect(page).toHaveURL(/\/tickets$/);

  await page.getByTestId("menu-item-queue-integration").click();
  await expect(page.getByTestId("integrations-table")).toContainText(t("pt", "queueIntegration.empty"));
  const made = await api("POST", "/queueIntegration", { type: "n8n", name: "Fluxo n8n", urlN8N: receiver.url });
  const row = page.getByTestId(`integration-row-${made.id}`);
  await expect(row.getByTestId("integration-cell-name")).toHaveText("Fluxo n8n");
  await expect(row.getByTestId("integration-cell-logo")).toHaveAttribute("alt", "N8N");
  await api("PUT", `/queueIntegration/${made.id}`, { type: "n8n", name: "Fluxo de pedidos", urlN8N: receiver.url });
  await expect(row.getByTestId("integration-cell-name")).toHaveText("Fluxo de pedidos");
  await api("DELETE", `/queueIntegration/${made.id}`, {});
  await expect(row).toHaveCount(0);

  const queue = await api("POST", "/queue", { name: "Vendas", color: "#b80000" });
  await page.getByTestId("menu-item-prompts").click();
  await expect(page.getByTestId("prompts-table")).toContainText(t("pt", "prompts.empty"));
  const prompt = await api("POST", "/prompt", {
    name: "Vendedor virtual",
    apikey: "sk-live-0000",
    prompt: "Você vende os produtos da loja e responde dúvidas sobre preços e prazos de entrega.",
    queueId: queue.id,
    model: "gpt-4o-mini",
    max_tokens: 150,
    temperature: 0.5,
    max_messages: 8,
  });
  const promptRow = page.getByTestId(`prompt-row-${prompt.id}`);
  await expect(promptRow.getByTestId("prompt-cell-queue")).toHaveText("Vendas");
  await expect(promptRow.getByTestId("prompt-cell-max-tokens")).toHaveText("150");
  await api("DELETE", `/prompt/${prompt.id}`, {});
  await expect(promptRow).toHaveCount(0);
});
