/**
 * Service automation end to end (issue 11 item 9), with the fake WhatsApp
 * Cloud API playing the customer: an admin turns on the accept greeting and
 * ratings and builds two queues on the settings and queues pages, Suporte
 * with a chatbot option tree; a customer writes, gets the queue menu, picks
 * Suporte and walks its options to a leaf; the ticket appears live in the
 * Suporte agent's Waiting list; the agent accepts (the customer gets the
 * greeting with both names filled in) and resolves; the customer rates 3;
 * the admin's dashboard shows the finished ticket and the agent's stars.
 */
import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  internetLevel,
  queueMenu as menu,
  ratingAsked as ratingQuestion,
  suporteRoot,
} from "../apps/server/test/bot-texts.js";
import { cloudConnection, customerWrites, textsSentTo } from "./harness/cloud-connection.js";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { apiAsPage, logIn } from "./harness/pages.js";
import { newPerson, signUpByApi } from "./harness/people.js";
import { addOption, pickColour, queueModal } from "./harness/queue-screens.js";
import { chooseOption, openSettings } from "./harness/settings-screen.js";

const shots = "test-results/service-automation";

/** What else the customer reads here (the bot's texts: apps/server/test/bot-texts.ts, shared with the server's tests). */
const greeting =
  "*Mensagem Automática:*\nOlá *Paulo Lima*, meu nome é *Ana Atendente* e agora vou prosseguir com seu atendimento!";
const completion = "Atendimento encerrado. Até logo!";

/** A queue made in the queue modal: name, a palette colour, its place in the menu and its greeting. */
async function createQueue(page: Page, name: string, colour: string, order: string, greetingMessage: string) {
  await page.getByTestId("queue-add").click();
  await queueModal(page).getByTestId("queue-name").fill(name);
  await pickColour(page, colour);
  await queueModal(page).getByTestId("queue-order").fill(order);
  await queueModal(page).getByTestId("queue-greeting").fill(greetingMessage);
  await queueModal(page).getByTestId("queue-modal-save").click();
  await expect(queueModal(page)).toBeHidden();
}

/** The admin's part, on the settings and queues pages: what the bot says and where it leads. */
async function adminBuildsTheBot(page: Page) {
  await openSettings(page);
  await chooseOption(page, "sendGreetingAccepted", "enabled");
  await chooseOption(page, "userRating", "enabled");

  await page.getByTestId("menu-item-queues").click();
  await expect(page).toHaveURL(/\/queues$/);
  await createQueue(page, "Vendas", "b80000", "1", "Bem-vindo a Vendas, {{firstName}}!");
  await createQueue(page, "Suporte", "1273de", "2", "Suporte técnico");
  const suporte = page.locator('tr[data-testid^="queue-row-"]').filter({ hasText: "Suporte" });
  await suporte.getByTestId("queue-edit").click();
  await addOption(page, "Internet", "Sobre internet:");
  await addOption(page, "Boleto", "Enviaremos o boleto.");
  await page.getByTestId("options-root").locator(":scope > li").first().getByTestId("option-toggle").click();
  await addOption(page, "Lenta", "Reinicie o roteador, {{firstName}}.");
  await addOption(page, "Sem sinal", "Vamos verificar o sinal.");
  await page.screenshot({ path: `${shots}/1-options.png` });
  await queueModal(page).getByTestId("queue-modal-cancel").click();
}

test("a customer walks the queue bot to Suporte, its agent accepts and resolves, the rating of 3 reaches the dashboard", async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers, a dozen saves and a customer's whole conversation: well past the default minute.
  test.slow();
  const admin = newPerson("bot");
  await signUpByApi(baseURL!, admin);
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await adminBuildsTheBot(page);

  // The agent and the connection: their own pages are other specs' subject (users, connections).
  const api = apiAsPage(baseURL!, page);
  const queues = (await api("GET", "/queue", undefined)) as unknown as { id: number; name: string }[];
  const queueId = (name: string) => queues.find((q) => q.name === name)!.id;
  const agent = newPerson("bot-agent");
  const agentUser = await api("POST", "/users", {
    name: "Ana Atendente",
    email: agent.email,
    password: agent.password,
    profile: "user",
    queueIds: [queueId("Suporte")],
  });
  const cloud = await cloudConnection(baseURL!, api, {
    queueIds: [queueId("Vendas"), queueId("Suporte")],
    greetingMessage: "Olá {{firstName}}! Escolha um setor:",
    complationMessage: completion,
    ratingMessage: "Avalie-nos, {{firstName}}:",
  });

  // The agent waits in their Waiting list; nothing is reloaded from here on.
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await logIn(agentPage, agent.email, agent.password);
  await expect(agentPage).toHaveURL(/\/tickets$/);
  await agentPage.getByTestId("tab-waiting").click();
  const item = agentPage.locator('[data-testid^="ticket-item-"]').filter({ hasText: "Paulo Lima" });

  // A number of its own: the fake Graph API's record of sends is shared by every spec of the run.
  const customer = { number: `5511${randomInt(10_000_000, 100_000_000)}`, name: "Paulo Lima" };
  let received = 0;
  /** The customer writes and reads the answers that come back. */
  const says = async (text: string, answers: number) => {
    await customerWrites(cloud, customer, text);
    received += answers;
    return (await textsSentTo(customer.number, received)).slice(received - answers);
  };

  expect(await says("Oi", 1)).toEqual([menu]);
  // While the bot holds it without a queue, the Suporte agent does not see it.
  await expect(item).toHaveCount(0);
  expect(await says("2", 1)).toEqual([suporteRoot]);
  expect(await says("1", 1)).toEqual([internetLevel]);
  expect(await says("1", 1)).toEqual(["Reinicie o roteador, Paulo."]);

  // The leaf hands it to Suporte: it appears live in the agent's list.
  await expect(item).toHaveAttribute("data-status", "pending");
  await expect(item.getByTestId("ticket-badge-queue")).toHaveText("SUPORTE");
  await expect(item.getByTestId("ticket-chatbot")).toHaveCount(0);
  await expect(item.getByTestId("ticket-last-message")).toContainText("Reinicie o roteador, Paulo.");
  // The bot answered all four, yet they are unread until an agent opens the ticket (issue 30 item 5).
  await expect(item.getByTestId("ticket-unread")).toHaveText("4");
  await agentPage.screenshot({ path: `${shots}/2-waiting.png` });

  // Accepting greets the customer by name, signed with the agent's; the conversation shows it too.
  await item.getByTestId("ticket-accept").click();
  await expect(agentPage).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const header = agentPage.getByTestId("ticket-header");
  await expect(header).toHaveAttribute("data-status", "open");
  const ticketId = Number(await agentPage.getByTestId("ticket-view").getAttribute("data-ticket-id"));
  expect((await textsSentTo(customer.number, ++received)).at(-1)).toBe(greeting);
  const bodies = agentPage.getByTestId("message-list").getByTestId("message-body");
  // WhatsApp's *bold* marks are drawn, not shown.
  await expect(bodies.last()).toHaveText(greeting.replaceAll("*", ""));
  await expect(agentPage.getByTestId("message-list")).toContainText("Sobre internet:");
  await agentPage.screenshot({ path: `${shots}/3-accepted.png` });

  // Resolving sends the connection's completion message, then its rating question with the scale.
  await header.getByTestId("ticket-resolve-button").click();
  await expect(agentPage).toHaveURL(/\/tickets$/);
  received += 2;
  expect((await textsSentTo(customer.number, received)).slice(-2)).toEqual([completion, ratingQuestion]);
  await agentContext.close();

  // The customer rates 3. Nothing is said back: the ticket's history shows when the answering job stored it.
  await customerWrites(cloud, customer, "3");
  const history = async () =>
    (
      (await api("GET", `/tickets/${ticketId}/timeline`, undefined)) as unknown as { events: { type: string }[] }
    ).events.map((e) => e.type);
  await expect.poll(history).toContain("rated");

  // The admin's dashboard counts the finished ticket and shows the agent's three stars.
  await page.getByTestId("menu-item-dashboard").click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("dashboard-finished-value")).toHaveText("1");
  await expect(page.getByTestId("dashboard-waiting-value")).toHaveText("0");
  await expect(page.getByTestId("dashboard-inConversation-value")).toHaveText("0");
  const rating = page.getByTestId(`attendant-row-${agentUser.id}`).getByTestId("attendant-rating");
  await expect(rating).toHaveAttribute("data-rating", "3");
  // All three stars filled to their last half (precision 0.5), none empty, and said in words.
  await expect(rating.locator(".MuiRating-iconFilled").last()).toBeVisible();
  await expect(rating.locator(".MuiRating-iconEmpty")).toHaveCount(0);
  await expect(rating.locator(".MuiRating-root")).toHaveAttribute("aria-label", t("pt", "dashboard.ratings.3"));
  await page.screenshot({ path: `${shots}/4-dashboard.png`, fullPage: true });
});
