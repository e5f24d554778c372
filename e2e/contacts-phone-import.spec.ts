/**
 * Importing the contacts saved on the phone (business-areas §2.3): the
 * contacts page's confirmation variant calls POST /contacts/import and the
 * list shows what came. Without a default connection the server's error shows;
 * with a WhatsApp Web connection paired (the scripted phone of
 * harness/whatsapp-web-main.ts), its address book becomes contacts and a
 * number the company already had keeps the name it was given.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { apiAsPage, logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";
import { pair, phone } from "./harness/phone.js";

const shots = process.env.PW_SHOTS_DIR;
const rows = (page: Page) => page.locator('tr[data-testid^="contact-row-"]');
const dialog = (page: Page) => page.getByTestId("contact-phone-import-dialog");

async function importFromPhone(page: Page) {
  await page.getByTestId("contacts-phone-import").click();
  await expect(dialog(page)).toContainText(t("pt", "contacts.phoneImport.title"));
  await expect(dialog(page)).toContainText(t("pt", "contacts.phoneImport.message"));
  if (shots) await page.screenshot({ path: `${shots}/contacts-phone-import-dialog.png` });
  await dialog(page).getByTestId("contact-phone-import-dialog-confirm").click();
  await expect(dialog(page)).toBeHidden();
}

test("a person imports the contacts saved on the default connection's phone", async ({ page, baseURL }) => {
  const person = newPerson("phonebook");
  await signUpByApi(baseURL!, person);
  const api = await apiAs(baseURL!, person);
  // Carla's number is in the phone book too; her contact must keep this name.
  await api("POST", "/contacts", { name: "Carla Cliente", number: "5511900001003" });

  await logIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("menu-item-contacts").click();
  await expect(rows(page)).toHaveCount(1);

  // No connection yet: the server's refusal is shown and nothing changes.
  await importFromPhone(page);
  await expect(page.getByText(t("pt", "backendErrors.ERR_NO_DEF_WAPP_FOUND"))).toBeVisible();
  await expect(rows(page)).toHaveCount(1);

  // The default connection is paired and its phone shares the saved contacts (in the page's session:
  // its sign-in ended the one `api` opened).
  const pageApi = apiAsPage(baseURL!, page);
  const { id } = await pageApi("POST", "/whatsapp", {
    name: "Loja Web",
    isDefault: true,
    provider: "beta",
    queueIds: [],
  });
  await pair(id);
  await expect
    .poll(async () => ((await pageApi("GET", `/whatsapp/${id}`, undefined)) as unknown as { status: string }).status)
    .toBe("CONNECTED");
  await phone("contacts", id);

  await importFromPhone(page);
  await expect(
    page.getByText(t("pt", "contacts.phoneImport.done", { imported: 2, existing: 1, invalid: 0 })),
  ).toBeVisible();
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).filter({ hasText: "Ana do Celular" })).toContainText("5511900001001");
  await expect(rows(page).filter({ hasText: "Bruno do Celular" })).toContainText("5511900001002");
  await expect(rows(page).filter({ hasText: "Carla Cliente" })).toContainText("5511900001003");
  await expect(rows(page).filter({ hasText: "Carla do Celular" })).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/contacts-phone-imported.png` });
});
