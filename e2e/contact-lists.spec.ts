/**
 * A person's path through contact lists (business-areas §2.9, §2.10): an
 * admin whose default connection runs on the fake WhatsApp Cloud API creates
 * a list, downloads the sample, opens the list, imports a spreadsheet (the
 * confirmation with the sample's link, the progress, the result with the one
 * bad row), sees the rows, and watches each number's validity icon arrive:
 * green for a number WhatsApp takes, grey for one it does not. Then adds a
 * contact by hand and deletes one.
 */
import type { Page } from "@playwright/test";
import { cloudConnection } from "./harness/cloud-connection.js";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";
import { sheet } from "./harness/spreadsheet.js";

const itemRow = (page: Page, name: string) =>
  page.locator('tr[data-testid^="contact-list-item-row-"]').filter({ hasText: name });

test("an admin imports a contact list and sees each number's WhatsApp validity arrive", async ({ page, baseURL }) => {
  const admin = newPerson("contact-lists");
  await signUpByApi(baseURL!, admin);
  await cloudConnection(baseURL!, await apiAs(baseURL!, admin));
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);

  await page.goto("/contact-lists");
  await expect(page.getByText(t("pt", "contactLists.empty"))).toBeVisible();
  await page.getByTestId("contact-list-add").click();
  await page.getByTestId("contact-list-name").fill("Clientes Março");
  await page.getByTestId("contact-list-save").click();
  await expect(page.getByText(t("pt", "contactLists.toasts.saved")).first()).toBeVisible();
  const listRow = page.locator('tr[data-testid^="contact-list-row-"]').filter({ hasText: "Clientes Março" });
  await expect(listRow.getByTestId("contact-list-row-count")).toHaveText("0");

  // The sample spreadsheet, behind its tooltip.
  await listRow.getByTestId("contact-list-sample").hover();
  await expect(page.getByRole("tooltip")).toHaveText("Baixar Planilha Exemplo");
  const sample = await page.request.get(`${baseURL}/planilha.xlsx`);
  expect(sample.status()).toBe(200);
  expect((await sample.body()).subarray(0, 2).toString()).toBe("PK");

  await listRow.getByTestId("contact-list-open").click();
  await expect(page).toHaveURL(/\/contact-lists\/\d+\/contacts$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Clientes Março");

  // Import: the confirmation, then the progress and the result with the bad row.
  await page.getByTestId("items-import-file").setInputFiles({
    name: "clientes.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await sheet([
      ["Nome", "Numero", "Email"],
      ["Ana Lima", "5511987650001", "ana@example.com"],
      ["Bruno Costa", "5521987650002", ""],
      ["Número curto", "1234", ""],
      ["Fora do WhatsApp", "55119876500012345", ""],
    ]),
  });
  const dialog = page.getByTestId("import-dialog");
  await expect(dialog.getByText(t("pt", "contactListItems.import.message"))).toBeVisible();
  await expect(dialog.getByTestId("import-sample")).toHaveAttribute("href", "/planilha.xlsx");
  await dialog.getByTestId("import-confirm").click();
  await expect(dialog.getByTestId("import-done")).toHaveText(
    t("pt", "contactListItems.import.done", { imported: 3, failed: 1 }),
  );
  await expect(dialog.getByTestId("import-errors")).toContainText(
    `${t("pt", "contactListItems.import.row", { row: 4 })}: Número curto`,
  );
  await dialog.getByTestId("import-close").click();

  // The rows, and the validity of each number as WhatsApp's answer arrives.
  await expect(itemRow(page, "Ana Lima").getByTestId("item-validity")).toHaveAttribute("data-valid", "true");
  await expect(itemRow(page, "Bruno Costa").getByTestId("item-validity")).toHaveAttribute("data-valid", "true");
  await expect(itemRow(page, "Fora do WhatsApp").getByTestId("item-validity")).toHaveAttribute("data-valid", "false");
  await itemRow(page, "Ana Lima").getByTestId("item-validity").hover();
  await expect(page.getByRole("tooltip")).toHaveText(t("pt", "contactListItems.valid"));

  // Add one by hand; its number is checked too.
  await page.getByTestId("items-add").click();
  await expect(page.getByTestId("contact-list-item-number")).toHaveAttribute("placeholder", "5511987654321");
  await page.getByTestId("contact-list-item-name").fill("Carla Dias");
  await page.getByTestId("contact-list-item-number").fill("5531987650003");
  await page.getByTestId("contact-list-item-save").click();
  await expect(itemRow(page, "Carla Dias").getByTestId("item-validity")).toHaveAttribute("data-valid", "true");

  // Delete, after confirmation (the admin has contacts-page:deleteContact).
  await itemRow(page, "Bruno Costa").getByTestId("item-delete").click();
  await page.getByTestId("item-delete-dialog-confirm").click();
  await expect(itemRow(page, "Bruno Costa")).toHaveCount(0);

  await page.getByTestId("items-lists").click();
  await expect(listRow.getByTestId("contact-list-row-count")).toHaveText("3");
});
