/**
 * The conversation path of issue 4, end to end with the fake WhatsApp Cloud
 * API playing the customer: a message arrives through a signed webhook and the
 * ticket appears live under Waiting; an agent accepts it, replies with text, a
 * file and a quick answer, and the Graph API receives all three; WhatsApp's
 * read reports turn their ticks blue; the agent transfers the ticket to a
 * queue (picking a user with one queue first preselects it) and resolves it;
 * an agent of another queue cannot open it.
 */
import type { Page } from "@playwright/test";
import { cloudConnection, customerWrites } from "./harness/cloud-connection.js";
import { expect, test } from "./harness/fixtures.js";
import { graph } from "./harness/graph.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";

interface SentRecord {
  id: string;
  to: string;
  body: Record<string, unknown> & { type?: string; text?: { body: string } };
}

const sentTo = (number: string, count: number) =>
  graph<SentRecord[]>("GET", `/sent?to=${number}&count=${count}&timeoutMs=10000`);

async function companyOnTheCloudApi(baseURL: string) {
  const admin = newPerson("conversation");
  await signUpByApi(baseURL, admin);
  const api = await apiAs(baseURL, admin);
  const suporte = await api("POST", "/queue", { name: "Suporte", color: "#43a047" });
  const vendas = await api("POST", "/queue", { name: "Vendas", color: "#1e88e5" });
  const agent = newPerson("agent");
  const other = newPerson("other");
  await api("POST", "/users", {
    name: "Ana Atendente",
    email: agent.email,
    password: agent.password,
    profile: "user",
    queueIds: [suporte.id],
    // Tickets without a queue (a customer's first message) reach agents with allTicket.
    allTicket: "enabled",
  });
  await api("POST", "/users", {
    name: "Otto Vendas",
    email: other.email,
    password: other.password,
    profile: "user",
    queueIds: [vendas.id],
  });
  const cloud = await cloudConnection(baseURL, api);
  const agentApi = await apiAs(baseURL, agent);
  await agentApi("POST", "/quick-messages", {
    shortcode: "prazo",
    message: "O prazo de entrega é de 3 dias úteis.",
    geral: false,
    status: true,
  });
  return { cloud, suporte, agent, other };
}

const shots = process.env.PW_SHOTS_DIR;
const fromMe = (page: Page) => page.locator('[data-testid^="message-"][data-from-me="true"]');

test("a customer's message becomes a ticket that an agent answers, transfers and resolves", async ({
  page,
  baseURL,
  browser,
}) => {
  // Two browsers and a long path: on a loaded machine it passes 60 s.
  test.slow();
  const { cloud, suporte, agent, other } = await companyOnTheCloudApi(baseURL!);
  const customer = { number: "5511988887777", name: "Maria Cliente" };

  await logIn(page, agent.email, agent.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("tab-waiting").click();

  // The customer writes: the ticket appears in Waiting without a reload.
  await customerWrites(cloud, customer, "Oi, preciso de ajuda com meu pedido");
  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer.name });
  await expect(item).toHaveAttribute("data-status", "pending");
  await expect(item.getByTestId("ticket-last-message")).toContainText("preciso de ajuda com meu pedido");
  await expect(item.getByTestId("ticket-unread")).toContainText("1");
  if (shots) await page.screenshot({ path: `${shots}/waiting.png` });

  await item.getByTestId("ticket-accept").click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const uuid = page.url().split("/").pop()!;
  await expect(page.getByTestId("ticket-header")).toHaveAttribute("data-status", "open");
  await expect(page.getByTestId("message-list")).toContainText("Oi, preciso de ajuda com meu pedido");

  // Text, signed with the agent's name.
  await page.getByTestId("message-text").fill("Olá Maria, vou verificar.");
  await page.getByTestId("send-button").click();
  const [text] = await sentTo(customer.number, 1);
  expect(text!.body.text?.body).toBe("*Ana Atendente:*\nOlá Maria, vou verificar.");
  // The list shows it without WhatsApp's marks.
  await expect(item.getByTestId("ticket-last-message")).toHaveText("Ana Atendente: Olá Maria, vou verificar.");

  // A file: uploaded to the Graph API, then sent by its media id.
  await page.getByTestId("attach-input").setInputFiles({
    name: "pedido.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
  });
  await expect(page.getByTestId("media-preview")).toBeVisible();
  await page.getByTestId("media-send").click();
  const sent = await sentTo(customer.number, 2);
  expect(sent[1]!.body.type).toBe("document");

  // A quick answer picked from the "/" suggestions.
  await page.getByTestId("message-text").fill("/pra");
  await page.getByTestId("quick-answer-prazo").click();
  await expect(page.getByTestId("message-text")).toHaveValue(/O prazo de entrega é de 3 dias úteis\./);
  await page.getByTestId("send-button").click();
  const all = await sentTo(customer.number, 3);
  expect(all[2]!.body.text?.body).toContain("O prazo de entrega é de 3 dias úteis.");

  // WhatsApp reports each one read: every tick of ours turns to "read".
  await expect(fromMe(page)).toHaveCount(3);
  // WhatsApp reports on a message only after answering its send: wait until each is stored as sent.
  for (let i = 0; i < 3; i++) {
    await expect(fromMe(page).nth(i).getByTestId("message-ack")).toHaveAttribute("data-ack", "sent");
  }
  for (const record of all) await graph("POST", "/status", { wid: record.id, status: "read" });
  for (let i = 0; i < 3; i++) {
    await expect(fromMe(page).nth(i).getByTestId("message-ack")).toHaveAttribute("data-ack", "read");
  }
  if (shots) await page.screenshot({ path: `${shots}/conversation.png` });

  // Replying to the signed message: the preview and the quote in the new bubble draw WhatsApp's marks as
  // the bubble does, "*Ana Atendente:*" in bold and no asterisks (issue 30 item 9).
  const signed = fromMe(page).first();
  await signed.hover();
  await signed.getByTestId("message-options").click();
  await page.getByTestId("message-reply").click();
  const preview = page.getByTestId("reply-preview-body");
  await expect(preview.locator("strong")).toHaveText("Ana Atendente:");
  await expect(preview.locator("strong")).toHaveCSS("font-weight", "700");
  await expect(preview).not.toContainText("*");
  if (shots) await page.screenshot({ path: `${shots}/reply-preview.png` });
  await page.getByTestId("message-text").fill("Confirmado: _chega amanhã_.");
  await page.getByTestId("send-button").click();
  const replied = await sentTo(customer.number, 4);
  expect(replied[3]!.body).toMatchObject({ context: { message_id: text!.id } });
  const reply = fromMe(page).nth(3);
  const quote = reply.getByTestId("quoted-message-body");
  await expect(quote.locator("strong")).toHaveText("Ana Atendente:");
  await expect(quote).toContainText("Olá Maria, vou verificar.");
  await expect(quote).not.toContainText("*");
  await expect(reply.getByTestId("message-body").locator("em")).toHaveText("chega amanhã");
  if (shots) await page.screenshot({ path: `${shots}/quote.png` });

  // The Cloud API cannot delete a sent message: the menu offers hiding it for the team, and the
  // confirmation says the customer keeps it (issue 30 item 2). The customer's copy stays; the agents see it hidden.
  await expect(reply.getByTestId("message-ack")).toHaveAttribute("data-ack", "sent");
  await reply.hover();
  await reply.getByTestId("message-options").click();
  await expect(page.getByTestId("message-delete")).toHaveCount(0);
  await expect(page.getByTestId("message-hide")).toHaveText(t("pt", "messageOptionsMenu.hideForTeam"));
  if (shots) await page.screenshot({ path: `${shots}/message-menu.png` });
  await page.getByTestId("message-hide").click();
  const hideDialog = page.getByTestId("message-delete-dialog");
  await expect(hideDialog).toContainText(t("pt", "messageOptionsMenu.hideModal.title"));
  await expect(hideDialog).toContainText(t("pt", "messageOptionsMenu.hideModal.message"));
  if (shots) await page.screenshot({ path: `${shots}/hide-confirmation.png` });
  await hideDialog.getByTestId("message-delete-dialog-confirm").click();
  await expect(reply.getByTestId("message-hidden")).toHaveText(t("pt", "messagesList.hiddenForTeam"));
  await expect(reply.getByTestId("message-deleted").locator("em")).toHaveText("chega amanhã");
  await expect(page.getByText(t("pt", "backendErrors.ERR_DELETE_WAPP_MSG"))).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/hidden.png` });

  // Transfer to the Suporte queue without an attendant: it waits there.
  await page.getByTestId("ticket-options").click();
  await page.getByTestId("ticket-option-transfer").click();
  const transfer = page.getByTestId("transfer-modal");
  // An agent picking a user with one queue gets it preselected (GET /users/list carries the queues).
  await transfer.getByTestId("transfer-user").fill("Ott");
  await page.locator('[data-testid^="transfer-user-"]').filter({ hasText: "Otto Vendas" }).click();
  await expect(transfer.getByTestId("transfer-queue")).toHaveText("Vendas");
  await transfer.getByTestId("transfer-user").fill("");
  await transfer.getByTestId("transfer-queue").click();
  await page.getByTestId(`transfer-queue-option-${suporte.id}`).click();
  await transfer.getByTestId("transfer-ok").click();
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("tab-waiting").click();
  await expect(item).toHaveAttribute("data-status", "pending");
  await expect(item.getByTestId("ticket-badge-queue")).toHaveText("SUPORTE");

  // Resolve it from the list; it is under Resolved.
  await item.getByTestId("ticket-close").click();
  await expect(item).toBeHidden();
  await page.getByTestId("tab-closed").click();
  await expect(item).toHaveAttribute("data-status", "closed");

  // An agent of another queue cannot open it.
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await logIn(otherPage, other.email, other.password);
  await expect(otherPage).toHaveURL(/\/tickets$/);
  await otherPage.goto(`/tickets/${uuid}`);
  await expect(otherPage.getByText(t("pt", "tickets.toasts.unauthorized"))).toBeVisible();
  await expect(otherPage).toHaveURL(/\/tickets$/);
  await otherContext.close();
});
