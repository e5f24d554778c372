/**
 * Issue 19 item 3 in the browser, on the Cloud API: a customer who came from
 * a click-to-WhatsApp ad forwards a message, sends a poll WhatsApp does not
 * hand over, orders from the catalog and changes number. The agent sees the
 * ad's headline and link, the forwarded mark, the unsupported kind with
 * WhatsApp's reason, the order's items, total and note, and the number change,
 * all on one ticket. Payloads are Meta's documented samples
 * (apps/server/test/fake-graph-kinds.ts) signed by the fake Graph API.
 */
import { envelope } from "../apps/server/test/fake-graph-payloads.js";
import {
  adReferral,
  kindValue,
  numberChangeMessage,
  orderMessage,
  textMessage,
  unsupportedMessage,
} from "../apps/server/test/fake-graph-kinds.js";
import { cloudConnection } from "./harness/cloud-connection.js";
import { expect, test } from "./harness/fixtures.js";
import { graph } from "./harness/graph.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";

const shots = process.env.PW_SHOTS_DIR;

test("an order, an ad, a forwarded message, an unsupported poll and a number change on one ticket", async ({
  page,
  baseURL,
}) => {
  const admin = newPerson("cloudkinds");
  await signUpByApi(baseURL!, admin);
  const cloud = await cloudConnection(baseURL!, await apiAs(baseURL!, admin));
  const [from, to] = ["5511977776666", "5511955554444"];
  const deliver = async (message: Record<string, unknown>, named = true) => {
    const payload = envelope([
      [kindValue(cloud.cloudPhoneNumberId, [message], named ? { waId: from, name: "Carla Cliente" } : undefined)],
    ]);
    const res = await graph<{ status: number }>("POST", "/webhook", {
      payload,
      phoneNumberId: cloud.cloudPhoneNumberId,
    });
    expect(res.status).toBe(200);
  };

  await deliver(textMessage(from, "Vi o anúncio das suculentas", { referral: adReferral }));
  await deliver(textMessage(from, "Olha essa promoção", { context: { forwarded: true, frequently_forwarded: true } }));
  await deliver(unsupportedMessage(from, { kind: "poll_creation" }));
  await deliver(
    orderMessage(
      from,
      [
        { product_retailer_id: "suc-echeveria", quantity: 2, item_price: 19.9, currency: "BRL" },
        { product_retailer_id: "vaso-p", quantity: 1, item_price: 12.5, currency: "BRL" },
      ],
      "Entregar depois das 18h",
    ),
  );
  await deliver(numberChangeMessage(from, to, "Carla Cliente"), false);

  await logIn(page, admin.email, admin.password);
  await page.getByTestId("tab-waiting").click();
  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: "Carla Cliente" });
  await item.getByTestId("ticket-accept").click();
  const list = page.getByTestId("message-list");

  const ad = list.getByTestId("message-referral");
  await expect(ad).toContainText(t("pt", "messageDetails.referral.fromAd"));
  await expect(ad.getByTestId("referral-headline")).toHaveText("Chat with us");
  await expect(ad.getByTestId("referral-link")).toHaveAttribute("href", "https://fb.me/3cr4Wqqkv");

  await expect(list.getByTestId("message-forwarded")).toHaveText(t("pt", "messageDetails.forwarded.frequently"));

  await expect(list.getByTestId("message-unsupported")).toHaveText(
    // WhatsApp's kind name in the agent's words: "Mensagem não suportada: enquete — abra no celular".
    t("pt", "messagesList.unsupported", { kind: t("pt", "messageKinds.poll_creation") }),
  );
  await expect(list.getByTestId("message-notice-reason")).toContainText("Message type unknown");

  const order = list.getByTestId("message-order");
  await expect(order.getByTestId("order-item")).toHaveCount(2);
  await expect(order.getByTestId("order-item").first()).toContainText("suc-echeveria");
  await expect(order.getByTestId("order-item").first()).toContainText("2 × R$\u00a019,90");
  await expect(order.getByTestId("order-total")).toHaveText(
    t("pt", "messageDetails.order.total", { total: "R$\u00a052,30" }),
  );
  await expect(order.getByTestId("order-note")).toHaveText(
    t("pt", "messageDetails.order.note", { note: "Entregar depois das 18h" }),
  );

  await expect(list.getByTestId("message-notice")).toHaveText(
    t("pt", "messageDetails.notice.numberChange", { from, to }),
  );
  if (shots) {
    await page.screenshot({ path: `${shots}/cloud-kinds-order.png` });
    await ad.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/cloud-kinds-ad.png` });
  }
});
