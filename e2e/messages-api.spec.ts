/**
 * A person's path through the Messages API page (business-areas §2.18): an
 * admin whose connection runs on the fake WhatsApp Cloud API and has an API
 * token opens the page from the menu, reads the endpoint (the README's URL, which
 * answers an outside system), sends a text with
 * the test form and the connection's token, gets the success toast and an
 * empty form, and finds the message on the customer's new ticket in the
 * workspace; WhatsApp (the fake Graph API) received it. A wrong token is
 * refused with the page's own words and leaves the session alone.
 */
import { randomBytes } from "node:crypto";
import { expect, test } from "./harness/fixtures.js";
import { graph } from "./harness/graph.js";
import { t } from "./harness/i18n.js";
import { logIn, storedToken } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";

interface SentRecord {
  to: string;
  body: { type?: string; text?: { body: string } };
}

/** A company whose default connection runs on the Cloud API and carries an external API token. */
async function companyWithApiToken(baseURL: string) {
  const admin = newPerson("messages-api");
  await signUpByApi(baseURL, admin);
  const api = await apiAs(baseURL, admin);
  const cloud = {
    cloudPhoneNumberId: String(100000000000 + randomBytes(4).readUInt32BE()),
    cloudAccessToken: `EAAG${randomBytes(12).toString("hex")}`,
    cloudAppSecret: randomBytes(16).toString("hex"),
    cloudVerifyToken: randomBytes(8).toString("hex"),
  };
  await graph("POST", "/numbers", { phoneNumberId: cloud.cloudPhoneNumberId, accessToken: cloud.cloudAccessToken });
  const token = randomBytes(24).toString("hex");
  const connection = await api("POST", "/whatsapp", {
    name: "WhatsApp API",
    isDefault: true,
    provider: "cloud",
    queueIds: [],
    token,
    ...cloud,
  });
  await expect
    .poll(async () => (await api<{ status?: string }>("GET", `/whatsapp/${connection.id}`, undefined)).status)
    .toBe("CONNECTED");
  return { admin, token };
}

const shots = process.env.PW_SHOTS_DIR;

test("an admin sends a test message with the connection's token and finds it on the customer's ticket", async ({
  page,
  baseURL,
}) => {
  const { admin, token } = await companyWithApiToken(baseURL!);
  const number = `55119${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, "0")}`;

  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("menu-item-messages-api").click();
  await expect(page).toHaveURL(/\/messages-api$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("pt", "messagesAPI.title"));
  // One URL, the README's (issue 30 item 6): the page shows it, and an outside system POSTing there is answered.
  const endpoint = page.getByTestId("messages-api-endpoint");
  await expect(endpoint).toHaveText(`${baseURL}/api/messages/send`);
  const shown = (await endpoint.textContent())!;
  const outside = await fetch(shown, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ number, body: "Pedido recebido" }),
  });
  expect(outside.status).toBe(200);
  expect(await outside.json()).toMatchObject({ status: "SUCCESS" });
  const [fromOutside] = await graph<SentRecord[]>("GET", `/sent?to=${number}&count=1&timeoutMs=10000`);
  expect(fromOutside!.body.text?.body).toBe("Pedido recebido");

  // A wrong token: the page's own words, and the user stays signed in.
  await page.getByTestId("api-text-token").fill(randomBytes(24).toString("hex"));
  await page.getByTestId("api-text-number").fill(number);
  await page.getByTestId("api-text-body").fill("Seu pedido saiu para entrega");
  await page.getByTestId("api-text-send").click();
  await expect(page.getByText(t("pt", "messagesAPI.toasts.invalidToken"))).toBeVisible();
  await expect(page).toHaveURL(/\/messages-api$/);
  expect(await storedToken(page)).not.toBeNull();

  // The connection's token: sent to the URL shown, a success toast, an empty form.
  await page.getByTestId("api-text-token").fill(token);
  const posted = page.waitForRequest((req) => req.method() === "POST" && req.url().includes("/messages/send"));
  await page.getByTestId("api-text-send").click();
  expect((await posted).url()).toBe(shown);
  await expect(page.getByText(t("pt", "messagesAPI.toasts.sent"))).toBeVisible();
  await expect(page.getByTestId("api-text-body")).toHaveValue("");
  await expect(page.getByTestId("api-text-token")).toHaveValue("");
  const [, sent] = await graph<SentRecord[]>("GET", `/sent?to=${number}&count=2&timeoutMs=10000`);
  expect(sent!.body.text?.body).toBe("Seu pedido saiu para entrega");
  if (shots) await page.screenshot({ path: `${shots}/messages-api.png` });

  // The customer's new ticket waits in the workspace with the message.
  await page.getByTestId("menu-item-tickets").click();
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("tab-waiting").click();
  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: number });
  await expect(item.getByTestId("ticket-last-message")).toContainText("Seu pedido saiu para entrega");
  await item.getByTestId("ticket-accept").click();
  await expect(page.getByTestId("message-list")).toContainText("Seu pedido saiu para entrega");
});
