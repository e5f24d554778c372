/**
 * Rejected inbound items (issue 19): Meta delivers a signed webhook whose
 * message the server cannot read (it has no id). The delivery is accepted and
 * the item kept; the super admin finds it from the menu, with its company,
 * connection, provider and reason, and opens the item as Meta sent it. An
 * ordinary admin sees no such menu entry and cannot reach the page.
 */
import { randomBytes } from "node:crypto";
import { envelope } from "../apps/server/test/fake-graph-payloads.js";
import { cloudConnection } from "./harness/cloud-connection.js";
import { expect, test } from "./harness/fixtures.js";
import { graph } from "./harness/graph.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";
import { asSuperAdmin } from "./harness/super-admin.js";

const shots = process.env.PW_SHOTS_DIR;

test("the super admin sees an inbound item the server could not read; an ordinary admin cannot", async ({
  page,
  baseURL,
  browser,
}) => {
  const admin = newPerson("rejections");
  await signUpByApi(baseURL!, admin);
  const cloud = await cloudConnection(baseURL!, await apiAs(baseURL!, admin));
  const marker = `pedido ${randomBytes(3).toString("hex")}`;
  // A text message as Meta shapes it, but without its id: nothing can store it.
  const unreadable = {
    from: "5511977776666",
    timestamp: String(Math.floor(Date.now() / 1000)),
    type: "text",
    text: { body: marker },
  };
  const value = {
    messaging_product: "whatsapp",
    metadata: { display_phone_number: "5511900001111", phone_number_id: cloud.cloudPhoneNumberId },
    contacts: [{ profile: { name: "Cliente" }, wa_id: "5511977776666" }],
    messages: [unreadable],
  };
  const delivery = await graph<{ status: number }>("POST", "/webhook", {
    payload: envelope([[value]]),
    phoneNumberId: cloud.cloudPhoneNumberId,
  });
  expect(delivery.status).toBe(200);

  // The company's own admin: no menu entry, and the address leads away.
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByTestId("menu-item-connections")).toBeVisible();
  await expect(page.getByTestId("menu-item-inbound-rejections")).toHaveCount(0);
  await page.goto("/inbound-rejections");
  await expect(page).not.toHaveURL(/inbound-rejections/);
  await expect(page.getByTestId("inbound-rejections-table")).toHaveCount(0);

  const superContext = await browser.newContext();
  const superPage = await superContext.newPage();
  await asSuperAdmin(superPage, async () => {
    await superPage.getByTestId("menu-item-inbound-rejections").click();
    await expect(superPage).toHaveURL(/\/inbound-rejections$/);
    await expect(superPage.getByRole("heading", { name: t("pt", "inboundRejections.title") })).toBeVisible();
    const row = superPage.locator('tr[data-testid^="inbound-rejection-"]').filter({ hasText: admin.company });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("WhatsApp Loja");
    await expect(row).toContainText(t("pt", "inboundRejections.providers.cloud"));
    await expect(row.getByTestId("inbound-rejection-reason")).toHaveText(/^unreadable message: id/);
    await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);

    await row.getByTestId("inbound-rejection-toggle").click();
    const item = superPage.getByTestId("inbound-rejection-item");
    await expect(item).toContainText(marker);
    await expect(item).toContainText('"from": "5511977776666"');
    await expect(item).toHaveCSS("font-family", /monospace/);
    if (shots) await superPage.screenshot({ path: `${shots}/inbound-rejections.png`, fullPage: true });
    await row.getByTestId("inbound-rejection-toggle").click();
    await expect(item).toHaveCount(0);
  });
  await superContext.close();
  if (shots) await page.screenshot({ path: `${shots}/inbound-rejections-admin.png` });
});
