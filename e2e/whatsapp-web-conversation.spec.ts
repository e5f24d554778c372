/**
 * A conversation over WhatsApp Web (Baileys), end to end with the e2e
 * server's scripted WhatsApp Web playing the phone (harness/whatsapp-web-main.ts):
 * the paired connection receives a customer's message, the admin finds her
 * waiting ticket, accepts it, reads her message and replies, and the reply
 * leaves through the connection's socket to her phone number's jid, signed
 * with the admin's name (the message input signs by default).
 */
import { randomInt } from "node:crypto";
import { expect, test } from "./harness/fixtures.js";
import { logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";
import { customerWrites, pair, sentBy } from "./harness/phone.js";

const shots = process.env.PW_SHOTS_DIR;

test("a customer's WhatsApp Web message becomes a ticket the admin answers", async ({ page, baseURL }) => {
  const admin = newPerson("wweb-conversation");
  await signUpByApi(baseURL!, admin);
  const api = await apiAs(baseURL!, admin);
  const { id } = await api("POST", "/whatsapp", { name: "Loja Web", isDefault: true, provider: "beta", queueIds: [] });
  await pair(id);
  await expect
    .poll(async () => ((await api("GET", `/whatsapp/${id}`, undefined)) as unknown as { status: string }).status)
    .toBe("CONNECTED");

  const customer = { number: `55119${randomInt(10_000_000, 100_000_000)}`, name: "Joana Cliente" };
  await customerWrites(id, { ...customer, text: "Olá, quero um orçamento" });

  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("tab-waiting").click();
  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer.name });
  await expect(item).toHaveAttribute("data-status", "pending");
  await expect(item.getByTestId("ticket-last-message")).toContainText("Olá, quero um orçamento");

  // A waiting ticket opens by accepting it.
  await item.getByTestId("ticket-accept").click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("ticket-header")).toHaveAttribute("data-status", "open");
  await expect(page.getByTestId("ticket-header")).toContainText(customer.name);
  await expect(page.getByTestId("message-list")).toContainText("Olá, quero um orçamento");

  await page.getByTestId("message-text").fill("Oi Joana, já preparo o orçamento.");
  await page.getByTestId("send-button").click();
  await expect(page.getByTestId("message-text")).toHaveValue("");
  await expect(page.getByTestId("message-list")).toContainText("Oi Joana, já preparo o orçamento.");

  // The reply reached her phone number's chat through the socket, and nothing else did.
  await expect
    .poll(() => sentBy(id))
    .toEqual([
      { jid: `${customer.number}@s.whatsapp.net`, text: `*${admin.name}:*\nOi Joana, já preparo o orçamento.` },
    ]);
  if (shots) await page.screenshot({ path: `${shots}/whatsapp-web-conversation.png` });
});
