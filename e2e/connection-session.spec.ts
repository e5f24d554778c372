/**
 * A person's path through a connection's session (core-platform §2.3, §2.17,
 * §4.3) with the fake WhatsApp Cloud API: a connection whose number Meta
 * refuses shows as disconnected (icon, tooltip, the menu's "!"), the admin
 * fixes it on Meta's side and presses "try again", the page turns it
 * connected live and the badge goes; disconnecting asks first and brings the
 * badge back. The QR modal needs a WhatsApp Web fake (left to that work).
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { readEnv } from "./harness/env.js";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";

const shots = process.env.PW_SHOTS_DIR;
const row = (page: Page, name: string) => page.locator('tr[data-testid^="connection-row-"]').filter({ hasText: name });

/** Tell the fake Graph API which access token a number answers to. */
async function metaKnows(phoneNumberId: string, accessToken: string) {
  const res = await fetch(`${readEnv("graphOrigin")}/_control/numbers`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ phoneNumberId, accessToken, displayPhoneNumber: "5511900002222" }),
  });
  expect(res.ok).toBe(true);
}

test("an admin retries a refused connection, sees it connect live, and disconnects it", async ({ page, baseURL }) => {
  const admin = newPerson("session");
  await signUpByApi(baseURL!, admin);
  const api = await apiAs(baseURL!, admin);
  const cloud = {
    cloudPhoneNumberId: String(100000000000 + randomBytes(4).readUInt32BE()),
    cloudAccessToken: `EAAG${randomBytes(12).toString("hex")}`,
    cloudAppSecret: randomBytes(16).toString("hex"),
    cloudVerifyToken: randomBytes(8).toString("hex"),
  };
  // Meta knows the number under another token: the connection cannot start.
  await metaKnows(cloud.cloudPhoneNumberId, "another-token-meta-issued");
  await api("POST", "/whatsapp", { name: "Loja Cloud", isDefault: true, provider: "cloud", queueIds: [], ...cloud });

  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  const menuEntry = page.getByTestId("menu-item-connections");
  await expect(menuEntry).toContainText("!");
  await menuEntry.click();

  // Disconnected: the red icon's tooltip says why and what to do; a Cloud API connection has no QR to renew.
  const connection = row(page, "Loja Cloud");
  const status = connection.getByTestId("connection-status");
  await expect(status).toHaveAttribute("data-status", "DISCONNECTED");
  await status.hover();
  const tooltip = page.getByTestId("connection-status-tooltip");
  await expect(tooltip).toContainText(t("pt", "connections.tooltips.disconnectedCloud.title"));
  await expect(tooltip).toContainText(t("pt", "connections.tooltips.disconnectedCloud.content"));
  await expect(connection.getByTestId("session-new-qr")).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/session-disconnected.png` });

  // Meta now accepts the token: "try again" starts the session and the row turns connected live.
  await metaKnows(cloud.cloudPhoneNumberId, cloud.cloudAccessToken);
  await connection.getByTestId("session-start").click();
  await expect(status).toHaveAttribute("data-status", "CONNECTED");
  await status.hover();
  await expect(tooltip).toContainText(t("pt", "connections.tooltips.connected.title"));
  await expect(menuEntry).not.toContainText("!");
  await expect(connection.getByTestId("connection-row-updated")).toHaveText(/^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  if (shots) await page.screenshot({ path: `${shots}/session-connected.png` });

  // Disconnect asks first (cancel keeps it), then stops the session; the badge comes back.
  await connection.getByTestId("session-disconnect").click();
  const confirm = page.getByTestId("connection-disconnect-dialog");
  await expect(confirm).toContainText(t("pt", "connections.confirmationModal.disconnectTitle", { name: "Loja Cloud" }));
  await expect(confirm).toContainText(t("pt", "connections.confirmationModal.disconnectCloudMessage"));
  if (shots) await page.screenshot({ path: `${shots}/session-disconnect-confirm.png` });
  await confirm.getByTestId("connection-disconnect-dialog-cancel").click();
  await expect(status).toHaveAttribute("data-status", "CONNECTED");
  await connection.getByTestId("session-disconnect").click();
  await confirm.getByTestId("connection-disconnect-dialog-confirm").click();
  await expect(status).toHaveAttribute("data-status", "DISCONNECTED");
  await expect(menuEntry).toContainText("!");

  // On a phone the session buttons stay within reach.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(connection.getByTestId("session-start")).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/session-mobile.png`, fullPage: true });
});
