/**
 * A person's path through campaign settings (business-areas §2.12, §9): the
 * defaults, three intervals changed, a variable added (a repeated key
 * refused), one deleted after its confirmation, and all of it kept after a
 * reload.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { newPerson, signUpByApi } from "./harness/people.js";

const shots = process.env.PW_SHOTS_DIR;
const variable = (page: Page, key: string) => page.getByTestId(`campaign-variable-${key}`);

async function addVariable(page: Page, key: string, value: string) {
  await page.getByTestId("campaign-variable-key-input").fill(key);
  await page.getByTestId("campaign-variable-value-input").fill(value);
  await page.getByTestId("campaign-variable-add").click();
}

test("an administrator sets the campaign intervals and variables", async ({ page, baseURL }) => {
  const admin = newPerson("campaign-settings");
  await signUpByApi(baseURL!, admin);
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("menu-group-campaigns").click();
  await page.getByTestId("menu-item-campaigns-config").click();
  await expect(page).toHaveURL(/\/campaigns-config$/);

  // §9's defaults.
  await expect(page.getByTestId("campaign-messageInterval")).toHaveValue("20");
  await expect(page.getByTestId("campaign-longerIntervalAfter")).toHaveValue("20");
  await expect(page.getByTestId("campaign-greaterInterval")).toHaveValue("60");
  await expect(page.getByText(t("pt", "campaignsConfig.noVariables"))).toBeVisible();

  await page.getByTestId("campaign-messageInterval").selectOption("5");
  await page.getByTestId("campaign-longerIntervalAfter").selectOption("10");
  await page.getByTestId("campaign-greaterInterval").selectOption("120");

  // 'Add variable' reveals the inputs; a key already there is refused.
  await expect(page.getByTestId("campaign-variable-key-input")).toHaveCount(0);
  await page.getByTestId("campaign-variable-open").click();
  await addVariable(page, "empresa", "Padaria Central");
  await addVariable(page, "cupom", "PAO10");
  await addVariable(page, "Empresa", "Outra");
  await expect(page.getByText(t("pt", "campaignsConfig.errors.duplicatedKey"))).toBeVisible();
  await expect(variable(page, "empresa").getByTestId("campaign-variable-key")).toHaveText("{empresa}");
  await expect(variable(page, "empresa").getByTestId("campaign-variable-value")).toHaveText("Padaria Central");
  await expect(page.locator('tr[data-testid^="campaign-variable-"]')).toHaveCount(2);

  // Delete asks first.
  await variable(page, "cupom").getByTestId("campaign-variable-delete").click();
  await page.getByTestId("campaign-variable-delete-dialog-confirm").click();
  await expect(variable(page, "cupom")).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/campaign-settings.png` });
  await page.getByTestId("campaign-settings-save").click();
  await expect(page.getByText(t("pt", "campaignsConfig.toasts.configSaved")).first()).toBeVisible();

  // Kept after a reload.
  await page.reload();
  await expect(page.getByTestId("campaign-messageInterval")).toHaveValue("5");
  await expect(page.getByTestId("campaign-longerIntervalAfter")).toHaveValue("10");
  await expect(page.getByTestId("campaign-greaterInterval")).toHaveValue("120");
  await expect(variable(page, "empresa").getByTestId("campaign-variable-value")).toHaveText("Padaria Central");
  await expect(variable(page, "cupom")).toHaveCount(0);
});
