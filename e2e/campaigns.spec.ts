/**
 * A campaign end to end (issue 12 item 8), WhatsApp played by the fake Cloud
 * API: an admin imports a contact list from a spreadsheet and waits for its
 * numbers to be checked, sets the send interval to none (and edits the
 * opt-out words), creates a campaign with two message variants using {nome}
 * for the list on the Cloud connection, scheduled for the minute after next;
 * sees it PROGRAMADA, opens its report and watches it fill live to
 * FINALIZADA; WhatsApp received one message per recipient, each one of the
 * two variants with the recipient's name. The browser runs in UTC, the
 * company in America/Sao_Paulo (issue 30 item 1): the time typed is the
 * company's, and the list shows that same time and says whose clock it is.
 */
import type { Page } from "@playwright/test";
import { cloudConnection, textsSentTo } from "./harness/cloud-connection.js";
import { companyWallClock, companyZone } from "./harness/company-clock.js";
import { expect, test } from "./harness/fixtures.js";
import { graph } from "./harness/graph.js";
import { t } from "./harness/i18n.js";
import { apiAsPage, logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";
import { sheet, xlsxMimeType } from "./harness/spreadsheet.js";

const shots = process.env.PW_SHOTS_DIR;
const recipients = [
  { name: "Ana Lima", number: "5511987650101" },
  { name: "Bruno Costa", number: "5521987650102" },
  { name: "Carla Dias", number: "5531987650103" },
];
const variants = ["Olá {nome}, a loja tem novidades!", "Oi {nome}, confira a oferta da semana."];
const modal = (page: Page) => page.getByTestId("campaign-modal");

test.use({ timezoneId: "UTC" });

/** The start of the minute after next. */
const nextMinuteButOne = () => new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);

async function importList(page: Page, name: string) {
  await page.goto("/contact-lists");
  await page.getByTestId("contact-list-add").click();
  await page.getByTestId("contact-list-name").fill(name);
  await page.getByTestId("contact-list-save").click();
  const listRow = page.locator('tr[data-testid^="contact-list-row-"]').filter({ hasText: name });
  await listRow.getByTestId("contact-list-open").click();
  await page.getByTestId("items-import-file").setInputFiles({
    name: "clientes.xlsx",
    mimeType: xlsxMimeType,
    buffer: await sheet([["Nome", "Numero"], ...recipients.map((r) => [r.name, r.number])]),
  });
  const dialog = page.getByTestId("import-dialog");
  await dialog.getByTestId("import-confirm").click();
  await expect(dialog.getByTestId("import-done")).toHaveText(
    t("pt", "contactListItems.import.done", { imported: recipients.length, failed: 0 }),
  );
  await dialog.getByTestId("import-close").click();
  // Only numbers WhatsApp confirmed receive a campaign: wait for every check.
  await expect(page.locator('[data-testid="item-validity"][data-valid="true"]')).toHaveCount(recipients.length, {
    timeout: 30_000,
  });
}

/** No interval between sends (a quick test), and the opt-out words edited: one added, one removed, kept after a reload. */
async function campaignSettings(page: Page) {
  await page.goto("/campaigns-config");
  await page.getByTestId("campaign-messageInterval").selectOption("0");
  await page.getByTestId("opt-out-word-input").fill("Parar!");
  await page.getByTestId("opt-out-word-input").press("Enter");
  await expect(page.getByText(t("pt", "campaignsConfig.optOut.errors.duplicated"))).toBeVisible();
  await page.getByTestId("opt-out-word-input").fill("CANCELAR");
  await page.getByTestId("opt-out-word-add").click();
  await page.getByTestId("opt-out-word-STOP").getByTestId("opt-out-word-remove").click();
  await page.getByTestId("campaign-settings-save").click();
  await expect(page.getByText(t("pt", "campaignsConfig.toasts.configSaved")).first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("campaign-messageInterval")).toHaveValue("0");
  await expect(page.locator('[data-testid^="opt-out-word-"].MuiChip-root')).toHaveText(["SAIR", "PARAR", "CANCELAR"]);
}

/** Creates the campaign for `at`, typed on the company's clock. */
async function createCampaign(page: Page, listName: string, at: Date) {
  await page.goto("/campaigns");
  await expect(page.getByText(t("pt", "campaigns.empty"))).toBeVisible();
  // The list's dates are on the company's clock, which the page names.
  await expect(page.getByTestId("campaigns-zone")).toContainText(companyZone);
  await page.getByTestId("campaign-add").click();
  await expect(modal(page)).toContainText(t("pt", "campaigns.dialog.title.add"));
  await modal(page).getByTestId("campaign-name").fill("Novidades de março");
  // The Confirmação switch says what it does.
  await expect(modal(page).getByTestId("campaign-confirmation")).toHaveAccessibleDescription(
    t("pt", "campaigns.dialog.form.confirmationHelp"),
  );
  await modal(page).getByTestId("campaign-contactListId").selectOption({ label: listName });
  await modal(page).getByTestId("campaign-whatsappId").selectOption({ label: "WhatsApp Loja" });
  await expect(modal(page).getByTestId("campaign-tagListId")).toHaveValue("");
  await expect(modal(page).getByTestId("campaign-tagListId").locator("option").first()).toHaveText("Nenhuma");
  await modal(page).getByTestId("campaign-scheduledAt").fill(companyWallClock(at).input);
  await expect(modal(page)).toContainText(companyZone);

  // Msg. 1 with the {nome} chip inserted at the cursor; Msg. 2 typed.
  await modal(page).getByTestId("campaign-message1").fill("Olá , a loja tem novidades!");
  await modal(page)
    .getByTestId("campaign-message1")
    .evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(4, 4));
  await modal(page).getByTestId("campaign-message-variable-nome").click();
  await expect(modal(page).getByTestId("campaign-message1")).toHaveValue(variants[0]!);
  await modal(page).getByTestId("campaign-message-tab-2").click();
  await modal(page).getByTestId("campaign-message2").fill(variants[1]!);
  if (shots) await page.screenshot({ path: `${shots}/campaign-modal.png` });
  await modal(page).getByTestId("campaign-save").click();
  await expect(page.getByText(t("pt", "campaigns.toasts.saved")).first()).toBeVisible();
}

test("a campaign to an imported list goes out at its time, each recipient once, and its report fills live", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const admin = newPerson("campaigns");
  await signUpByApi(baseURL!, admin);
  await cloudConnection(baseURL!, await apiAs(baseURL!, admin));
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);

  await importList(page, "Clientes Março");
  await campaignSettings(page);
  const at = nextMinuteButOne();
  await createCampaign(page, "Clientes Março", at);

  const row = page.locator('tr[data-testid^="campaign-row-"]').filter({ hasText: "Novidades de março" });
  await expect(row.getByTestId("campaign-row-status")).toHaveText(t("pt", "campaigns.status.PROGRAMADA"));
  await expect(row).toContainText("Clientes Março");
  await expect(row).toContainText("WhatsApp Loja");
  await expect(row).toContainText(t("pt", "campaigns.table.notConcluded"));
  // Listed at the time typed, which the server holds as that time in São Paulo.
  await expect(row).toContainText(companyWallClock(at).shown);
  const id = Number((await row.getAttribute("data-testid"))!.replace("campaign-row-", ""));
  const stored = await apiAsPage(baseURL!, page)<{ scheduledAt: string }>("GET", `/campaigns/${id}`, undefined);
  expect(stored.scheduledAt).toBe(at.toISOString());
  // Not started yet: its schedule can be cancelled, but nothing is there to "stop".
  await expect(row.getByTestId("campaign-stop")).toHaveCount(0);
  await expect(row.getByTestId("campaign-cancel-schedule")).toHaveAccessibleName(
    t("pt", "campaigns.buttons.cancelSchedule"),
  );
  if (shots) await page.screenshot({ path: `${shots}/campaigns.png` });

  await row.getByTestId("campaign-report").click();
  await expect(page).toHaveURL(/\/campaign\/\d+\/report$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Novidades de março");
  const status = (label: string, delivered: number) =>
    t("pt", "campaigns.report.status", {
      status: t("pt", `campaigns.status.${label}`),
      delivered,
      valid: recipients.length,
    });
  await expect(page.getByTestId("report-status")).toHaveText(status("PROGRAMADA", 0));
  await expect(page.getByTestId("report-validContacts-value")).toHaveText(String(recipients.length));

  // At its time the campaign runs; the report follows it over realtime, without a reload.
  await expect(page.getByTestId("report-status")).toHaveText(status("FINALIZADA", recipients.length), {
    timeout: 150_000,
  });
  await expect(page.getByTestId("report-delivered-value")).toHaveText(String(recipients.length));
  await expect(page.getByTestId("report-progress")).toHaveAttribute("aria-valuenow", "100");
  await expect(page.locator('tr[data-testid^="shipping-row-"][data-status="delivered"]')).toHaveCount(
    recipients.length,
  );
  if (shots) await page.screenshot({ path: `${shots}/campaign-report.png`, fullPage: true });

  // WhatsApp got one message per recipient: one of the two variants, with their name.
  for (const r of recipients) {
    const rendered = variants.map((v) => v.replace("{nome}", r.name));
    const texts = await textsSentTo(r.number, 1);
    expect(texts).toHaveLength(1);
    expect(rendered).toContain(texts[0]);
  }
  const again = await graph<unknown[]>("GET", `/sent?to=${recipients[0]!.number}&count=2&timeoutMs=1000`);
  expect(again).toHaveLength(1);

  // Back on the list: finished, with its conclusion time.
  await page.getByTestId("report-back").click();
  await expect(row.getByTestId("campaign-row-status")).toHaveText(t("pt", "campaigns.status.FINALIZADA"));
  await expect(row).not.toContainText(t("pt", "campaigns.table.notConcluded"));
});
