/**
 * Issue 19 item 2, end to end: a customer who writes through the Cloud API
 * with a WhatsApp username (a business-scoped user id, no number) gets a
 * ticket the agent sees under the customer's @username, the contact drawer
 * shows the username and that WhatsApp gave no number, and the agent's reply
 * reaches the customer by `recipient` (the fake Graph API records it as Meta
 * would take it).
 */
import { cloudConnection } from "./harness/cloud-connection.js";
import { expect, test } from "./harness/fixtures.js";
import { graph } from "./harness/graph.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";

interface SentRecord {
  id: string;
  to: string;
  recipient?: string;
  body: Record<string, unknown> & { text?: { body: string } };
}

const shots = process.env.PW_SHOTS_DIR;

test("a username-only customer's ticket is shown by @username and answered through `recipient`", async ({
  page,
  baseURL,
}) => {
  const admin = newPerson("username");
  await signUpByApi(baseURL!, admin);
  const api = await apiAs(baseURL!, admin);
  const cloud = await cloudConnection(baseURL!, api);
  const userId = `BR.${Date.now()}`;

  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("tab-waiting").click();

  // Meta's "Business-scoped user IDs": from_user_id and contacts[].user_id, profile.username, no wa_id nor from.
  const delivery = await graph<{ status: number }>("POST", "/customer-message", {
    phoneNumberId: cloud.cloudPhoneNumberId,
    userId,
    username: "carla.s",
    text: "Oi! Vocês entregam hoje?",
  });
  expect(delivery.status).toBe(200);
  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: "@carla.s" });
  await expect(item).toHaveAttribute("data-status", "pending");
  await expect(item.getByTestId("ticket-last-message")).toContainText("Vocês entregam hoje?");
  if (shots) await page.screenshot({ path: `${shots}/username-waiting.png` });

  await item.getByTestId("ticket-accept").click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("message-list")).toContainText("Vocês entregam hoje?");

  await page.getByTestId("ticket-header").getByTestId("ticket-contact").click();
  const drawer = page.getByTestId("contact-drawer");
  await expect(drawer.getByTestId("drawer-name")).toHaveText("@carla.s");
  await expect(drawer.getByTestId("drawer-username")).toHaveText("@carla.s");
  await expect(drawer.getByTestId("drawer-no-number")).toHaveText(t("pt", "contactDrawer.noNumber"));
  await expect(drawer.getByTestId("drawer-number")).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/username-drawer.png` });
  await drawer.getByTestId("contact-drawer-close").click();

  await page.getByTestId("message-text").fill("Entregamos sim, Carla!");
  await page.getByTestId("send-button").click();
  const [sent] = await graph<SentRecord[]>("GET", `/sent?to=${encodeURIComponent(userId)}&count=1&timeoutMs=10000`);
  expect(sent).toMatchObject({ to: "", recipient: userId });
  expect(sent!.body).toMatchObject({ recipient: userId, type: "text" });
  expect(sent!.body).not.toHaveProperty("to");
  expect(sent!.body.text?.body).toContain("Entregamos sim, Carla!");

  // WhatsApp reports it delivered by recipient_user_id: the tick follows.
  const fromMe = page.locator('[data-testid^="message-"][data-from-me="true"]');
  await expect(fromMe.getByTestId("message-ack")).toHaveAttribute("data-ack", "sent");
  await graph("POST", "/status", { wid: sent!.id, status: "delivered" });
  await expect(fromMe.getByTestId("message-ack")).toHaveAttribute("data-ack", "delivered");
  if (shots) await page.screenshot({ path: `${shots}/username-answered.png` });

  // The contacts page finds the customer by username, and saves them without a number.
  await page.getByTestId("menu-item-contacts").click();
  await page.getByTestId("contacts-search").fill("@carla");
  const row = page.locator('tr[data-testid^="contact-row-"]').filter({ hasText: "@carla.s" });
  await expect(row.getByTestId("contact-row-username")).toHaveText("@carla.s");
  await expect(row.getByTestId("contact-row-number")).toHaveText("@carla.s");
  await row.getByTestId("contact-edit").click();
  const modal = page.getByTestId("contact-modal");
  await expect(modal.getByTestId("contact-number")).toHaveValue("");
  await modal.getByTestId("contact-name").fill("Carla Souza");
  await modal.getByTestId("contact-save").click();
  await expect(modal).toBeHidden();
  await expect(page.locator('tr[data-testid^="contact-row-"]').filter({ hasText: "Carla Souza" })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/username-contacts.png` });
});
