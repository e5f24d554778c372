/**
 * AI prompts end to end (issue 17 items 1 and 3): an admin makes a prompt on
 * /prompts whose provider is a fake OpenAI-compatible server (started here,
 * on 127.0.0.1: the e2e server runs with ALLOW_PRIVATE_OUTBOUND), links it
 * to the connection in the connection dialog, and a customer's message,
 * played through the Cloud API webhook, is answered by the AI: the customer
 * gets the answer and the ticket shows it. A company whose plan lacks
 * useOpenAi and useIntegrations has no menu entry, is sent away from
 * /prompts, and its queue dialog shows neither select.
 */
import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { startFakeOpenAi, type FakeOpenAi } from "../apps/server/test/fake-openai.js";
import { cloudConnection, customerWrites, textsSentTo } from "./harness/cloud-connection.js";
import { expect, test } from "./harness/fixtures.js";
import { graph } from "./harness/graph.js";
import { t } from "./harness/i18n.js";
import { apiAsPage, logIn } from "./harness/pages.js";
import { newPerson, signUpByApi } from "./harness/people.js";
import { asSuperAdmin } from "./harness/super-admin.js";

const shots = "test-results/prompts";
const training =
  "Você é a assistente da Pizzaria Balcão. Responda com simpatia, em poucas frases, sobre o cardápio e os horários.";
const apiKey = "sk-e2e-0123456789abcdef";
const answer = "Olá, Paulo! Temos pizza de calabresa e de quatro queijos, das 18h às 23h.";

let openai: FakeOpenAi;
test.beforeAll(async () => {
  openai = await startFakeOpenAi();
});
test.afterAll(async () => {
  await openai.close();
});

const promptModal = (page: Page) => page.getByTestId("prompt-modal");

/** The customer sends a voice note (the fake Graph API's sample OGG/Opus file). */
async function customerVoiceNote(cloud: { cloudPhoneNumberId: string }, from: { number: string; name: string }) {
  const delivery = await graph<{ status: number }>("POST", "/customer-message", {
    phoneNumberId: cloud.cloudPhoneNumberId,
    from: from.number,
    name: from.name,
    audio: { voice: true },
  });
  expect(delivery.status).toBe(200);
}

/** The admin's dialog: the §5 checks first, then promptModal.setor without a queue, then a save. */
async function createPrompt(page: Page, baseUrl: string) {
  await page.getByTestId("prompt-add").click();
  const modal = promptModal(page);
  // §9 defaults.
  await expect(modal.getByTestId("prompt-model")).toHaveValue("gpt-3.5-turbo-1106");
  await expect(modal.getByTestId("prompt-temperature")).toHaveValue("1");
  await expect(modal.getByTestId("prompt-max-tokens")).toHaveValue("100");
  await expect(modal.getByTestId("prompt-max-messages")).toHaveValue("10");
  await expect(modal.getByTestId("prompt-transcription-model")).toHaveValue("whisper-1");

  await modal.getByTestId("prompt-name").fill("Pizza");
  await modal.getByTestId("prompt-prompt").fill("Curto demais");
  await modal.getByTestId("prompt-save").click();
  await expect(modal).toContainText(t("pt", "promptModal.formErrors.name.short"));
  await expect(modal).toContainText(t("pt", "promptModal.formErrors.prompt.short"));
  await expect(modal).toContainText(t("pt", "promptModal.formErrors.apiKey.required"));
  await page.screenshot({ path: `${shots}/2-dialog-errors.png` });

  await modal.getByTestId("prompt-name").fill("Assistente da pizzaria");
  await modal.getByTestId("prompt-apikey").fill(apiKey);
  await expect(modal.getByTestId("prompt-apikey")).toHaveAttribute("type", "password");
  await modal.getByTestId("prompt-apikey-toggle").click();
  await expect(modal.getByTestId("prompt-apikey")).toHaveAttribute("type", "text");
  await modal.getByTestId("prompt-prompt").fill(training);
  await modal.getByTestId("prompt-base-url").fill(baseUrl);
  // No queue yet: nothing is saved.
  await modal.getByTestId("prompt-save").click();
  await expect(page.getByText(t("pt", "promptModal.setor"))).toBeVisible();
  await expect(modal).toBeVisible();

  await modal.getByTestId("prompt-queue").selectOption({ label: "Pizzaria" });
  // Another model than the two options, typed.
  await modal.getByTestId("prompt-model").selectOption("other");
  await modal.getByTestId("prompt-custom-model").fill("llama-3.1-8b-instant");
  await page.screenshot({ path: `${shots}/3-dialog-filled.png` });
  await modal.getByTestId("prompt-transcription-model").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/3b-dialog-bottom.png` });
  await modal.getByTestId("prompt-save").click();
  await expect(modal).toBeHidden();
  await expect(page.getByText(t("pt", "promptModal.success"))).toBeVisible();
}

test("an admin's prompt, linked to the connection, answers a customer's message; the ticket shows the answer", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const admin = newPerson("prompts");
  await signUpByApi(baseURL!, admin);
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  const api = apiAsPage(baseURL!, page);
  await api("POST", "/queue", { name: "Pizzaria", color: "#1273de", greetingMessage: "" });

  await page.getByTestId("menu-item-prompts").click();
  await expect(page).toHaveURL(/\/prompts$/);
  await expect(page.getByTestId("prompts-table")).toContainText(t("pt", "prompts.empty"));
  await createPrompt(page, openai.url);
  const row = page.locator('[data-testid^="prompt-row-"]').filter({ hasText: "Assistente da pizzaria" });
  await expect(row.getByTestId("prompt-cell-queue")).toHaveText("Pizzaria");
  await expect(row.getByTestId("prompt-cell-max-tokens")).toHaveText("100");
  await page.screenshot({ path: `${shots}/1-list.png` });

  // Reopened, the key comes back masked and the typed model stays.
  await row.getByTestId("prompt-edit").click();
  const key = promptModal(page).getByTestId("prompt-apikey");
  await expect(key).toHaveValue(new RegExp(`${apiKey.slice(-4)}$`));
  await expect(key).not.toHaveValue(apiKey);
  await expect(promptModal(page).getByTestId("prompt-custom-model")).toHaveValue("llama-3.1-8b-instant");
  await promptModal(page).getByTestId("prompt-cancel").click();

  // The connection, then its prompt chosen in the connection dialog's queues tab.
  const cloud = await cloudConnection(baseURL!, api);
  await page.getByTestId("menu-item-connections").click();
  await page.getByTestId("connection-edit").first().click();
  const connectionModal = page.getByTestId("connection-modal");
  await connectionModal.getByTestId("connection-tab-queues").click();
  await connectionModal.getByTestId("connection-promptId").selectOption({ label: "Assistente da pizzaria" });
  await page.screenshot({ path: `${shots}/4-connection-prompt.png` });
  await connectionModal.getByTestId("connection-modal-save").click();
  await expect(connectionModal).toBeHidden();

  openai.reply({ text: answer });
  const customer = { number: `5511${randomInt(10_000_000, 100_000_000)}`, name: "Paulo Lima" };
  await customerWrites(cloud, customer, "Boa noite! Vocês têm pizza hoje?");
  expect(await textsSentTo(customer.number, 1)).toEqual([answer]);

  // What the provider was asked: our key, the typed model, the training as system text, the customer's words.
  const [chat] = openai.chats().filter((c) => c.authorization === `Bearer ${apiKey}`);
  expect(chat?.body?.model).toBe("llama-3.1-8b-instant");
  expect(chat?.body?.messages[0]?.role).toBe("system");
  expect(chat?.body?.messages[0]?.content).toContain(training);
  expect(chat?.body?.messages.at(-1)).toEqual({ role: "user", content: "Boa noite! Vocês têm pizza hoje?" });

  // The ticket, held by the AI (the bot mark in the list), shows the answer.
  const tickets = await api<{ tickets: { uuid: string; chatbot: boolean; contact: { name: string } }[] }>(
    "GET",
    "/tickets?status=pending&showAll=true",
    undefined,
  );
  const ticket = tickets.tickets.find((x) => x.contact.name === "Paulo Lima");
  expect(ticket?.chatbot).toBe(true);
  await page.goto(`/tickets/${ticket!.uuid}`);
  await page.getByTestId("tab-waiting").click();
  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: "Paulo Lima" });
  await expect(item.getByTestId("ticket-chatbot")).toBeVisible();
  await expect(page.getByTestId("message-list")).toContainText(answer);
  await expect(page.getByTestId("message-list")).toContainText("Vocês têm pizza hoje?");
  await page.screenshot({ path: `${shots}/5-ticket.png` });

  // A voice note: transcribed by the prompt's provider, its text fed to the AI and shown under the player.
  openai.transcription = { text: "Quero uma pizza grande de calabresa" };
  openai.reply({ text: "Anotado: uma grande de calabresa!" });
  await customerVoiceNote(cloud, customer);
  expect((await textsSentTo(customer.number, 2)).at(-1)).toBe("Anotado: uma grande de calabresa!");
  expect(openai.chats().at(-1)?.body?.messages.at(-1)).toEqual({
    role: "user",
    content: "Quero uma pizza grande de calabresa",
  });
  const voice = page
    .getByTestId("message-list")
    .locator("[data-from-me]")
    .filter({ has: page.getByTestId("message-audio") });
  await expect(voice.getByTestId("message-transcription")).toContainText("Quero uma pizza grande de calabresa");

  // Once an agent accepts, the AI lets go: a later voice note waits, untranscribed, for "Transcrever".
  await page.getByTestId("ticket-header").getByTestId("ticket-accept-button").click();
  await expect(page.getByTestId("ticket-header")).toHaveAttribute("data-status", "open");
  openai.transcription = { text: "Pode entregar na Rua das Flores, 10" };
  const transcriptions = openai.transcriptions().length;
  await customerVoiceNote(cloud, customer);
  await expect(voice).toHaveCount(2);
  const later = voice.last();
  await expect(later.getByTestId("message-audio")).toBeVisible();
  await expect(later.getByTestId("message-transcription")).toHaveCount(0);
  expect(openai.transcriptions()).toHaveLength(transcriptions);
  await later.getByTestId("message-options").click();
  await page.getByTestId("message-transcribe").click();
  await expect(later.getByTestId("message-transcription")).toContainText("Pode entregar na Rua das Flores, 10");
  // Already transcribed, it is not offered again.
  await later.getByTestId("message-options").click();
  await expect(page.getByTestId("message-reply")).toBeVisible();
  await expect(page.getByTestId("message-transcribe")).toHaveCount(0);
  await page.keyboard.press("Escape");

  // Deleted after a confirmation naming it: the server's message key as an info toast, the row gone.
  await page.getByTestId("menu-item-prompts").click();
  await row.getByTestId("prompt-delete").click();
  const confirm = page.getByTestId("prompt-delete-dialog");
  await expect(confirm).toContainText(
    t("pt", "prompts.confirmationModal.deleteTitle", { name: "Assistente da pizzaria" }),
  );
  await confirm.getByTestId("prompt-delete-dialog-confirm").click();
  await expect(page.getByText(t("pt", "prompts.toasts.deleted"))).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.screenshot({ path: `${shots}/5b-transcription.png` });
});

test("a plan without useOpenAi and useIntegrations: no menu entries, /prompts refused, no selects in the queue dialog", async ({
  page,
  browser,
  baseURL,
}) => {
  // Two sign-ins, the super admin's turn and two 1 s redirects.
  test.slow();
  const person = newPerson("no-ai");
  const company = await signUpByApi(baseURL!, person);
  await asSuperAdmin(page, async () => {
    const api = apiAsPage(baseURL!, page);
    const plan = await api("POST", "/plans", {
      name: `Sem IA ${randomInt(1_000_000)}`,
      users: 5,
      connections: 5,
      queues: 5,
      value: 0,
      useOpenAi: false,
      useIntegrations: false,
    });
    await api("PUT", `/companies/${company.id}`, { planId: plan.id });
  });

  const context = await browser.newContext();
  const own = await context.newPage();
  await logIn(own, person.email, person.password);
  await expect(own).toHaveURL(/\/tickets$/);
  await expect(own.getByTestId("menu-item-queues")).toBeVisible();
  await expect(own.getByTestId("menu-item-prompts")).toHaveCount(0);
  await expect(own.getByTestId("menu-item-queue-integration")).toHaveCount(0);

  await own.goto("/prompts");
  await expect(own.getByText(t("pt", "mainLayout.planDenied"))).toBeVisible();
  await own.screenshot({ path: `${shots}/6-denied.png` });
  await expect(own).toHaveURL(/\/$/);

  await own.goto("/queue-integration");
  await expect(own.getByText(t("pt", "mainLayout.planDenied"))).toBeVisible();
  await expect(own).toHaveURL(/\/$/);

  // The queue dialog asks nothing of the refused areas: no selects, no error toast.
  await own.getByTestId("menu-item-queues").click();
  await own.getByTestId("queue-add").click();
  await expect(own.getByTestId("queue-name")).toBeVisible();
  await expect(own.getByTestId("queue-prompt")).toHaveCount(0);
  await expect(own.getByTestId("queue-integration")).toHaveCount(0);
  await expect(own.getByText(t("pt", "backendErrors.ERR_NO_PERMISSION"))).toHaveCount(0);
  await own.screenshot({ path: `${shots}/7-queue-dialog-no-ai.png` });
  await context.close();
});
