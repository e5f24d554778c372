/**
 * A person's path through the address book (business-areas §2.3): adds a
 * contact with extra info, finds it by search, edits it, meets the
 * duplicate-number error, imports a spreadsheet and reads the per-row result,
 * exports contatos.csv, and deletes the contact.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { newPerson, signUpByApi } from "./harness/people.js";

const modal = (page: Page) => page.getByTestId("contact-modal");
const rows = (page: Page) => page.locator('tr[data-testid^="contact-row-"]');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });

async function spreadsheet(path: string, lines: (string | number)[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Contatos");
  sheet.addRow(["Nome", "Numero", "Email", "Cidade"]);
  for (const line of lines) sheet.addRow(line);
  await workbook.xlsx.writeFile(path);
}

test("a person adds, finds, edits, imports, exports and deletes contacts", async ({ page, baseURL }, testInfo) => {
  test.slow();
  const person = newPerson("contacts");
  await signUpByApi(baseURL!, person);
  await logIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("menu-item-contacts").click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByText(t("pt", "contacts.empty"))).toBeVisible();

  // Add a contact with two extra info pairs; the number is kept as digits.
  await page.getByTestId("contacts-add").click();
  await modal(page).getByTestId("contact-name").fill("Maria Souza");
  await modal(page).getByTestId("contact-number").fill("+55 (11) 98765-4321");
  await modal(page).getByTestId("contact-email").fill("maria@example.com");
  await modal(page).getByTestId("extra-info-add").click();
  await modal(page).getByTestId("extra-info-name-0").fill("CPF");
  await modal(page).getByTestId("extra-info-value-0").fill("123.456.789-00");
  await modal(page).getByTestId("extra-info-add").click();
  await modal(page).getByTestId("extra-info-name-1").fill("Cidade");
  await modal(page).getByTestId("extra-info-value-1").fill("Recife");
  await modal(page).getByTestId("contact-save").click();
  await expect(page.getByText(t("pt", "contactModal.success")).first()).toBeVisible();
  await expect(modal(page)).toBeHidden();
  await expect(row(page, "Maria Souza").getByTestId("contact-row-number")).toHaveText("5511987654321");

  // A too-short number is refused in the form, before any call.
  await page.getByTestId("contacts-add").click();
  await modal(page).getByTestId("contact-name").fill("Bruno Lima");
  await modal(page).getByTestId("contact-number").fill("1234");
  await modal(page).getByTestId("contact-save").click();
  await expect(modal(page).getByText(t("pt", "contactModal.validation.numberTooShort"))).toBeVisible();
  await modal(page).getByTestId("contact-number").fill("5581999990000");
  await modal(page).getByTestId("contact-save").click();
  await expect(modal(page)).toBeHidden();
  await expect(rows(page)).toHaveCount(2);

  // Search: lower-cased, debounced, by name or number.
  await page.getByTestId("contacts-search").fill("MARIA");
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, "Maria Souza")).toBeVisible();
  await page.getByTestId("contacts-search").fill("8199999");
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, "Bruno Lima")).toBeVisible();
  await page.getByTestId("contacts-search").fill("");
  await expect(rows(page)).toHaveCount(2);

  // Edit: the extra info comes back, one pair is removed, the name changes.
  await row(page, "Maria Souza").getByTestId("contact-edit").click();
  await expect(modal(page).getByTestId("extra-info-value-1")).toHaveValue("Recife");
  await modal(page).getByTestId("extra-info-remove-0").click();
  await modal(page).getByTestId("contact-name").fill("Maria Souza Lima");
  await modal(page).getByTestId("contact-save").click();
  await expect(modal(page)).toBeHidden();
  await expect(row(page, "Maria Souza Lima")).toBeVisible();
  await row(page, "Maria Souza Lima").getByTestId("contact-edit").click();
  await expect(modal(page).getByTestId("extra-info-name-0")).toHaveValue("Cidade");
  await expect(modal(page).getByTestId("extra-info-name-1")).toHaveCount(0);
  await modal(page).getByTestId("contact-cancel").click();

  // The same number written another way is a duplicate.
  await page.getByTestId("contacts-add").click();
  await modal(page).getByTestId("contact-name").fill("Outra Maria");
  await modal(page).getByTestId("contact-number").fill("55 11 98765 4321");
  await modal(page).getByTestId("contact-save").click();
  await expect(page.getByText(t("pt", "backendErrors.ERR_DUPLICATED_CONTACT")).first()).toBeVisible();
  await expect(modal(page)).toBeVisible();
  await modal(page).getByTestId("contact-cancel").click();

  // Import a spreadsheet: two new rows, a bad number and a duplicate.
  const file = testInfo.outputPath("contatos.xlsx");
  await spreadsheet(file, [
    ["Carla Dias", "5521988887777", "carla@example.com", "Niterói"],
    ["Davi Reis", 5531977776666, "", ""],
    ["Número ruim", "123", "", ""],
    ["Maria de novo", "5511987654321", "", ""],
  ]);
  await page.getByTestId("contacts-import").click();
  const importer = page.getByTestId("contact-import-modal");
  await importer.getByTestId("contact-import-file").setInputFiles(file);
  await expect(importer.getByTestId("contact-import-chosen")).toHaveText(
    t("pt", "contactImportModal.chosen", { name: "contatos.xlsx", count: 4 }),
  );
  await importer.getByTestId("contact-import-submit").click();
  await expect(importer.getByTestId("contact-import-summary")).toHaveText(
    t("pt", "contactImportModal.summary", { saved: 2, errors: 2 }),
  );
  await expect(importer.getByTestId("contact-import-saved")).toHaveCount(2);
  await expect(importer.getByTestId("contact-import-saved").first()).toHaveText(
    new RegExp(`^\\d+ \\| Carla Dias - ${t("pt", "contactImportModal.saved")}$`),
  );
  await expect(importer.getByTestId("contact-import-error")).toHaveText([
    `Número ruim - ${t("pt", "contactImportModal.errors.number")}`,
    `Maria de novo - ${t("pt", "backendErrors.ERR_DUPLICATED_CONTACT")}`,
  ]);
  await importer.getByTestId("contact-import-close").click();
  await expect(rows(page)).toHaveCount(4);

  // Export: every contact matching the search, as contatos.csv.
  await page.getByTestId("contacts-search").fill("a");
  await expect(rows(page)).toHaveCount(4);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("contacts-export").click()]);
  expect(download.suggestedFilename()).toBe("contatos.csv");
  const csv = (await readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "");
  expect(csv.trimEnd().split("\r\n")).toEqual([
    "name;number;email",
    "Bruno Lima;5581999990000;",
    "Carla Dias;5521988887777;carla@example.com",
    "Davi Reis;5531977776666;",
    "Maria Souza Lima;5511987654321;maria@example.com",
  ]);
  await page.getByTestId("contacts-search").fill("");

  // Delete after 'delete <name>?'.
  await row(page, "Maria Souza Lima").getByTestId("contact-delete").click();
  const confirm = page.getByTestId("contact-delete-dialog");
  await expect(confirm).toContainText(t("pt", "contacts.confirmDelete.title", { name: "Maria Souza Lima" }));
  await confirm.getByTestId("contact-delete-dialog-confirm").click();
  await expect(page.getByText(t("pt", "contacts.toasts.deleted")).first()).toBeVisible();
  await expect(row(page, "Maria Souza Lima")).toHaveCount(0);
  await expect(rows(page)).toHaveCount(3);
});

test("the import template opens as a spreadsheet with the expected header row", async ({ request }) => {
  const res = await request.get("/import-contatos.xlsx");
  expect(res.ok()).toBe(true);
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer-like Buffer; Node's Buffer is one at run time.
  await workbook.xlsx.load((await res.body()) as unknown as ArrayBuffer);
  expect(workbook.worksheets[0]!.getRow(1).values).toEqual([undefined, "Nome", "Numero", "Email"]);
});
