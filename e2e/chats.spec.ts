/**
 * The internal chat end to end (issue 13): Ana, an admin, starts a chat with
 * Bruno and writes to him; Bruno, in a browser of his own, sees the menu's
 * dot and the top bar's chats popover light up live, opens the chat from the
 * popover, reads the message, and the dots go out. His answer reaches Ana's
 * open chat live; when Ana deletes the chat, Bruno's view goes back to /chats.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi, type Person } from "./harness/people.js";

const shots = process.env.PW_SHOTS_DIR;

async function deskOf(browser: Browser, person: Person) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await logIn(page, person.email, person.password);
  await expect(page.getByTestId("chats-button")).toBeVisible();
  return { page, close: () => context.close() };
}

const menuDot = (page: Page) => page.getByTestId("menu-item-chats").locator(".MuiBadge-dot");
const chatItem = (page: Page, title: string) => page.locator('[data-testid^="chat-item-"]').filter({ hasText: title });

async function write(page: Page, text: string) {
  await page.getByTestId("chat-input").fill(text);
  await page.getByTestId("chat-input").press("Enter");
  await expect(page.getByTestId("chat-input")).toHaveValue("");
}

test("a chat between two colleagues: dot, popover, reading, live answers and delete", async ({ baseURL, browser }) => {
  // Two browsers and three full page loads: near a minute beside another worker on two cores.
  test.setTimeout(150_000);
  const ana = newPerson("chat-ana");
  await signUpByApi(baseURL!, ana);
  const bruno = newPerson("chat-bruno");
  const admin = await apiAs(baseURL!, ana);
  await admin("POST", "/users", { name: "Bruno Souza", email: bruno.email, password: bruno.password, profile: "user" });

  const anaDesk = await deskOf(browser, ana);
  const brunoDesk = await deskOf(browser, bruno);
  const a = anaDesk.page;
  const b = brunoDesk.page;
  await expect(b.getByTestId("chats-button")).toHaveAttribute("data-unseen", "false");

  // Ana starts the chat: the modal asks for a title, then for a user, before it saves.
  await a.goto("/chats");
  await a.getByTestId("chat-new").click();
  await a.getByTestId("chat-modal-save").click();
  await expect(a.getByText(t("pt", "chat.toasts.fillTitle")).first()).toBeVisible();
  await a.getByTestId("chat-title").fill("Plantão de sábado");
  await a.getByTestId("chat-modal-save").click();
  await expect(a.getByText(t("pt", "chat.toasts.fillUser")).first()).toBeVisible();
  await a.getByTestId("chat-users").fill("Bruno");
  await a.getByRole("option", { name: "Bruno Souza" }).click();
  await a.getByTestId("chat-modal-save").click();
  await expect(a).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
  const uuid = a.url().split("/").pop()!;
  await expect(a.getByTestId("chat-view-title")).toHaveText("Plantão de sábado");
  await write(a, "Bruno, você cobre o plantão?\nÉ das 8h às 12h.");
  const mine = a.locator('[data-testid^="chat-message-"][data-own="true"]');
  await expect(mine.getByTestId("chat-text")).toHaveText("Bruno, você cobre o plantão?\nÉ das 8h às 12h.");

  // Bruno, elsewhere, sees the dots light up without reloading, and the popover's last message.
  await expect(b.getByTestId("chats-button")).toHaveAttribute("data-unseen", "true");
  await expect(menuDot(b)).toBeVisible();
  await b.getByTestId("chats-button").click();
  const popover = b.getByTestId("chats-popover");
  await expect(popover.getByTestId("chats-popover-last")).toHaveText(/Bruno, você cobre o plantão\?/);
  await expect(popover).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  if (shots) await b.screenshot({ path: `${shots}/chats-popover.png` });
  await popover.locator('[data-testid^="chats-popover-item-"]').first().click();

  // A full navigation to the chat: he reads it, and the dots go out.
  await expect(b).toHaveURL(new RegExp(`/chats/${uuid}$`));
  const theirs = b.locator('[data-testid^="chat-message-"][data-own="false"]');
  await expect(theirs.getByTestId("chat-sender")).toHaveText(ana.name);
  await expect(theirs.getByTestId("chat-text")).toContainText("É das 8h às 12h.");
  await expect(b.getByTestId("chats-button")).toHaveAttribute("data-unseen", "false");
  await expect(menuDot(b)).toHaveCount(0);
  // Bruno is no owner: no edit or delete for him.
  await expect(chatItem(b, "Plantão de sábado").getByTestId("chat-delete")).toHaveCount(0);

  // His answer reaches Ana's open chat live; she is reading it, so no dot for her.
  await write(b, "Cubro sim!");
  await expect(a.locator('[data-own="false"]').getByTestId("chat-text")).toHaveText("Cubro sim!");
  await expect(chatItem(a, "Plantão de sábado").getByTestId("chat-line")).toHaveText(/: Cubro sim!$/);
  await expect(a.getByTestId("chats-button")).toHaveAttribute("data-unseen", "false");
  if (shots) {
    await a.screenshot({ path: `${shots}/chats-ana.png` });
    await b.screenshot({ path: `${shots}/chats-bruno.png` });
  }

  // Ana deletes it (after confirming): Bruno's view resets to /chats.
  await chatItem(a, "Plantão de sábado").getByTestId("chat-delete").click();
  await a.getByTestId("chat-delete-dialog-confirm").click();
  await expect(a).toHaveURL(/\/chats$/);
  await expect(b).toHaveURL(/\/chats$/);
  await expect(b.getByTestId("no-chat")).toBeVisible();
  await expect(chatItem(b, "Plantão de sábado")).toHaveCount(0);

  await anaDesk.close();
  await brunoDesk.close();
});

test("on a narrow screen the chats and the messages are two tabs", async ({ baseURL, browser }) => {
  const ana = newPerson("chat-narrow");
  await signUpByApi(baseURL!, ana);
  const admin = await apiAs(baseURL!, ana);
  const bruno = await admin("POST", "/users", {
    name: "Bruno Lima",
    email: newPerson("chat-narrow-b").email,
    password: ana.password,
    profile: "user",
  });
  const chat = await admin<{ id: number; uuid: string }>("POST", "/chats", {
    title: "Estoque",
    users: [{ id: bruno.id, name: bruno.name }],
  });
  await admin("POST", `/chats/${chat.id}/messages`, { message: "Chegou a mercadoria" });
  for (let i = 1; i <= 24; i++) await admin("POST", `/chats/${chat.id}/messages`, { message: `Caixa ${i} conferida` });

  const context = await browser.newContext({ viewport: { width: 400, height: 760 } });
  const page = await context.newPage();
  await logIn(page, ana.email, ana.password);
  // Signed in (the session stored) before the address changes.
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/chats");
  await expect(page.getByTestId("chat-tab-chats")).toHaveAttribute("aria-selected", "true");
  await chatItem(page, "Estoque").click();
  await expect(page.getByTestId("chat-tab-messages")).toHaveAttribute("aria-selected", "true");
  // The newest 20 first, at the bottom; scrolled up to the top, the older ones come above.
  const bubbles = page.getByTestId("chat-text");
  await expect(bubbles.last()).toHaveText("Caixa 24 conferida");
  await expect(bubbles).toHaveCount(20);
  if (shots) await page.screenshot({ path: `${shots}/chats-narrow-messages.png` });
  await page.getByTestId("chat-messages").evaluate((el) => el.scrollTo(0, 0));
  await expect(bubbles).toHaveCount(25);
  await expect(bubbles.first()).toHaveText("Chegou a mercadoria");
  await page.getByTestId("chat-tab-chats").click();
  await chatItem(page, "Estoque").getByTestId("chat-edit").click();
  await expect(page.getByTestId("chat-title")).toHaveValue("Estoque");
  await expect(page.getByTestId("chat-modal")).toContainText("Bruno Lima");
  if (shots) await page.screenshot({ path: `${shots}/chats-narrow-modal.png` });
  await context.close();
});
