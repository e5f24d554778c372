/**
 * Pairing a WhatsApp Web connection by QR code (core-platform §2.17, §4.3),
 * with the e2e server's scripted WhatsApp Web playing the phone
 * (harness/whatsapp-web-main.ts): the QR shows in the modal, the modal closes
 * itself once the phone scans it, the row turns connected live and the
 * menu's "!" goes; "new QR" starts over.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";
import { phone } from "./harness/phone.js";

const shots = process.env.PW_SHOTS_DIR;
const row = (page: Page, name: string) => page.locator('tr[data-testid^="connection-row-"]').filter({ hasText: name });

test("an admin pairs a WhatsApp Web connection by scanning its QR code", async ({ page, baseURL }) => {
  const admin = newPerson("qr");
  await signUpByApi(baseURL!, admin);
  const api = await apiAs(baseURL!, admin);
  const { id } = await api<{ id: number }>("POST", "/whatsapp", {
    name: "Loja Web",
    isDefault: true,
    provider: "beta",
    queueIds: [],
  });

  await logIn(page, admin.email, admin.password);
  await page.getByTestId("menu-item-connections").click();
  const connection = row(page, "Loja Web");
  const status = connection.getByTestId("connection-status");
  await expect(status).toHaveAttribute("data-status", "OPENING");

  // WhatsApp sends a QR: the row offers it, the menu warns.
  await phone("qr", id);
  await expect(status).toHaveAttribute("data-status", "qrcode");
  await expect(page.getByTestId("menu-item-connections")).toContainText("!");
  await status.hover();
  await expect(page.getByTestId("connection-status-tooltip")).toContainText(
    t("pt", "connections.tooltips.qrcode.title"),
  );
  await connection.getByTestId("session-qrcode").click();

  const modal = page.getByTestId("qrcode-modal");
  await expect(modal).toContainText(t("pt", "qrCodeModal.steps.link"));
  const qr = modal.getByTestId("qrcode-image");
  await expect(qr).toBeVisible();
  const box = await qr.boundingBox();
  expect(Math.round(box!.width)).toBeGreaterThanOrEqual(256);
  if (shots) await page.screenshot({ path: `${shots}/qr-modal.png` });

  // The phone scans it: the QR clears and the modal closes itself; WhatsApp's restart opens the session.
  await phone("scan", id);
  await expect(modal).toBeHidden();
  await phone("open", id);
  await expect(status).toHaveAttribute("data-status", "CONNECTED");
  await expect(page.getByTestId("menu-item-connections")).not.toContainText("!");
  if (shots) await page.screenshot({ path: `${shots}/qr-connected.png` });

  // Disconnect (confirmed) unlinks the phone; "new QR" starts a fresh pairing.
  await connection.getByTestId("session-disconnect").click();
  await page.getByTestId("connection-disconnect-dialog-confirm").click();
  await expect(status).toHaveAttribute("data-status", "DISCONNECTED");
  await connection.getByTestId("session-new-qr").click();
  await expect(status).toHaveAttribute("data-status", "OPENING");
  await phone("qr", id);
  await expect(status).toHaveAttribute("data-status", "qrcode");
});
