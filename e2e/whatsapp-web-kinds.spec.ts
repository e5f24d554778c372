/**
 * WhatsApp Web kinds beyond text (issue 19 item 3), end to end: the scripted
 * phone delivers Baileys' own messages (harness/phone.ts phoneDelivers) — a
 * poll with its secret, then the customer's vote sealed with that secret as
 * a phone seals it, and an event — and the agent sees the poll with the vote
 * counted, live, the event's name, date and place, and a kind it cannot
 * show named in the agent's language; then an encrypted edit with its
 * history, a reaction changed and taken back, several contacts and a round
 * video note.
 */
import { randomBytes, randomInt } from "node:crypto";
import { content, pnJid, waMessage } from "../apps/server/test/baileys-messages.js";
import { event, poll, pollVote, product, secretEdit, secretText } from "../apps/server/test/baileys-secrets.js";
import { expect, test } from "./harness/fixtures.js";
import { logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";
import { pair, phoneDelivers } from "./harness/phone.js";

const shots = process.env.PW_SHOTS_DIR;

test("a customer's poll, her vote on it and an event are shown to the agent", async ({ page, baseURL }) => {
  const admin = newPerson("wweb-kinds");
  await signUpByApi(baseURL!, admin);
  const api = await apiAs(baseURL!, admin);
  const { id } = await api("POST", "/whatsapp", { name: "Loja Web", isDefault: true, provider: "beta", queueIds: [] });
  await pair(id);
  await expect
    .poll(async () => ((await api("GET", `/whatsapp/${id}`, undefined)) as unknown as { status: string }).status)
    .toBe("CONNECTED");

  const number = `55119${randomInt(10_000_000, 100_000_000)}`;
  const from = { chat: pnJid(number), pushName: "Clara Enquete" };
  const secret = randomBytes(32);
  const pollId = `3EB0POLL${randomInt(1_000_000, 9_999_999)}`;
  await phoneDelivers(
    id,
    waMessage({ ...from, id: pollId }, poll("Entrega ou retirada?", ["Entrega", "Retirada"], { secret })),
  );

  await logIn(page, admin.email, admin.password);
  await page.getByTestId("tab-waiting").click();
  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: "Clara Enquete" });
  await item.getByTestId("ticket-accept").click();
  const card = page.getByTestId("message-poll");
  await expect(card).toContainText("Entrega ou retirada?");
  await expect(card.getByTestId("poll-option-votes")).toHaveText(["0", "0"]);

  // Her vote, sealed with the poll's secret: counted on the poll while the agent looks at it.
  const sealing = { id: pollId, secret, sender: from.chat, changer: from.chat };
  await phoneDelivers(id, waMessage(from, pollVote({ chat: from.chat, id: pollId }, ["Retirada"], sealing)));
  await expect(card.getByTestId("poll-option-votes")).toHaveText(["0", "1"]);
  await expect(card.getByTestId("poll-voters")).toHaveText(/1/);

  const start = Math.floor(Date.UTC(2026, 11, 12, 15) / 1000);
  await phoneDelivers(
    id,
    waMessage(from, event({ name: "Feira de Natal", start, place: { name: "Loja Centro", address: "Rua A, 10" } })),
  );
  // A kind the server cannot show is named in the agent's language.
  const call = { scheduledCallCreationMessage: { callType: 1, title: "Reunião", scheduledTimestampMs: Date.now() } };
  await phoneDelivers(id, waMessage(from, call));
  await expect(page.getByTestId("message-unsupported")).toHaveText(
    "Mensagem não suportada: chamada agendada — abra no celular",
  );
  await phoneDelivers(id, waMessage(from, content.text("vou retirar na feira")));
  const eventCard = page.getByTestId("message-event");
  await expect(eventCard).toContainText("Feira de Natal");
  await expect(eventCard).toContainText("Loja Centro, Rua A, 10");
  await expect(eventCard.getByTestId("event-when")).toContainText("12/2026");
  await expect(page.getByTestId("message-list")).toContainText("vou retirar na feira");
  if (shots) await page.screenshot({ path: `${shots}/whatsapp-web-kinds.png` });
});

test("an encrypted edit with its history, a changed reaction, several contacts, a shared product and a video note", async ({
  page,
  baseURL,
}) => {
  const admin = newPerson("wweb-kinds-2");
  await signUpByApi(baseURL!, admin);
  const api = await apiAs(baseURL!, admin);
  const { id } = await api("POST", "/whatsapp", { name: "Loja Web", isDefault: true, provider: "beta", queueIds: [] });
  await pair(id);
  await expect
    .poll(async () => ((await api("GET", `/whatsapp/${id}`, undefined)) as unknown as { status: string }).status)
    .toBe("CONNECTED");

  const number = `55119${randomInt(10_000_000, 100_000_000)}`;
  const from = { chat: pnJid(number), pushName: "Rosa Edita" };
  const secret = randomBytes(32);
  const textId = `3EB0TXT${randomInt(1_000_000, 9_999_999)}`;
  await phoneDelivers(id, waMessage({ ...from, id: textId }, secretText("quero 2 caixas", secret)));

  await logIn(page, admin.email, admin.password);
  await page.getByTestId("tab-waiting").click();
  await page
    .locator('[data-testid^="ticket-item-"]')
    .filter({ hasText: "Rosa Edita" })
    .getByTestId("ticket-accept")
    .click();
  const list = page.getByTestId("message-list");
  await expect(list).toContainText("quero 2 caixas");

  const sealing = { id: textId, secret, sender: from.chat, changer: from.chat };
  await phoneDelivers(id, waMessage(from, secretEdit({ chat: from.chat, id: textId }, "quero 3 caixas", sealing)));
  await expect(list).toContainText("quero 3 caixas");
  await expect(list).not.toContainText("quero 2 caixas");
  await list.getByTestId("message-edited").hover();
  await expect(page.getByTestId("edit-history")).toContainText("quero 2 caixas");
  if (shots) await page.screenshot({ path: `${shots}/whatsapp-web-edit-history.png` });
  await page.mouse.move(0, 0);

  const target = { chat: from.chat, id: textId };
  await phoneDelivers(id, waMessage(from, content.reaction(target, "👍")));
  await expect(list).toContainText("👍");
  await phoneDelivers(id, waMessage(from, content.reaction(target, "❤️")));
  await expect(list).toContainText("❤️");
  await expect(list).not.toContainText("👍");

  await phoneDelivers(
    id,
    waMessage(
      from,
      content.contacts([
        ["Ana Souza", "5511911110000"],
        ["Bia Lima", "5511922220000"],
      ]),
    ),
  );
  await expect(list.getByTestId("message-contact")).toHaveCount(2);
  await phoneDelivers(
    id,
    waMessage(
      from,
      product({ id: "SKU-9", title: "Camiseta azul", price1000: 59_900, currency: "BRL", body: "tem no M?" }),
    ),
  );
  const order = list.getByTestId("message-order");
  await expect(order).toContainText("Camiseta azul");
  await expect(order).toContainText("59,90");
  await expect(order).toContainText("tem no M?");
  if (shots) await page.screenshot({ path: `${shots}/whatsapp-web-product.png` });
  await phoneDelivers(id, waMessage(from, content.videoNote()));
  await expect(list.getByTestId("message-videoNote").locator("video")).toBeVisible();
  await phoneDelivers(id, waMessage(from, content.reaction(target, "")));
  await expect(list).not.toContainText("❤️");
  if (shots) await page.screenshot({ path: `${shots}/whatsapp-web-kinds-2.png` });
});
