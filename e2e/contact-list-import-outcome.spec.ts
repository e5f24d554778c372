/**
 * A list keeps its last import's outcome (issue 29 item 2): a person uploads
 * a spreadsheet that passes the upload but fails in the import job (a part
 * that inflates past the size its zip declares), closes the dialog, reloads,
 * and still reads on the list's row, and above its contacts, that the import
 * failed and why.
 */
import { cellBomb } from "../apps/server/test/zip-bombs.js";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";
import { xlsxMimeType } from "./harness/spreadsheet.js";

const shots = process.env.PW_SHOTS_DIR;
const failedText = `${t("pt", "contactLists.lastImport.failed")} ${t("pt", "contactListItems.import.failed")}`;

test("a sheet that fails in the import job leaves its reason on the list after a reload", async ({ page, baseURL }) => {
  const admin = newPerson("list-import-outcome");
  await signUpByApi(baseURL!, admin);
  const list = await (await apiAs(baseURL!, admin))("POST", "/contact-lists", { name: "Clientes Abril" });
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);

  await page.goto("/contact-lists");
  const listRow = page.getByTestId(`contact-list-row-${list.id}`);
  await expect(listRow.getByTestId("contact-list-row-name")).toHaveText("Clientes Abril");
  await expect(listRow.getByTestId("contact-list-last-import"), "never imported: nothing said").toHaveCount(0);

  await listRow.getByTestId("contact-list-open").click();
  // 40 MB of one cell declared as 1 KB: the upload takes it, the job cannot read it.
  await page.getByTestId("items-import-file").setInputFiles({
    name: "clientes.xlsx",
    mimeType: xlsxMimeType,
    buffer: await cellBomb(40, 1, 1024),
  });
  const dialog = page.getByTestId("import-dialog");
  await dialog.getByTestId("import-confirm").click();
  await expect(dialog.getByTestId("import-failed")).toBeVisible();
  await dialog.getByTestId("import-close").click();
  await expect(page.getByTestId("items-last-import")).toHaveText(failedText);

  // A navigation loads the app anew, as a reload does (a reload right behind it raced the first load's
  // token refresh, and the rotated refresh cookie was lost with the aborted request: signed out).
  await page.goto("/contact-lists");
  await expect(listRow.getByTestId("contact-list-last-import")).toHaveText(failedText);
  await expect(listRow.getByTestId("contact-list-last-import")).toHaveAttribute("data-status", "failed");
  if (shots) await page.screenshot({ path: `${shots}/contact-list-import-failed.png` });

  await listRow.getByTestId("contact-list-open").click();
  await expect(page.getByTestId("items-last-import")).toHaveText(failedText);
  if (shots) await page.screenshot({ path: `${shots}/contact-list-items-import-failed.png` });
});
