/** Bad input on sign-up shows a localised message and creates nothing. */
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { newPerson, publicPlans, signUpByApi } from "./harness/people.js";

test("a duplicate email is refused with a localised error and nothing is created", async ({ page, baseURL }) => {
  const existing = newPerson("dup");
  await signUpByApi(baseURL!, existing);
  const second = newPerson("dup2");
  const [plan] = await publicPlans(baseURL!);

  await page.goto("/signup");
  await page.getByTestId("signup-name").fill(second.company);
  await page.getByTestId("signup-email").fill(existing.email);
  await page.getByTestId("signup-phone").pressSequentially(second.phone);
  await page.getByTestId("signup-password").fill(second.password);
  await page.getByTestId("signup-plan").selectOption(String(plan!.id));
  await page.getByTestId("signup-submit").click();

  const pt = `${t("pt", "signup.toasts.error")} ${t("pt", "backendErrors.ERR_EMAIL_ALREADY_EXISTS")}`;
  await expect(page.getByTestId("auth-error")).toHaveText(pt);
  await expect(page).toHaveURL(/\/signup$/);

  // The message follows the language.
  await page.getByTestId("auth-language-button").click();
  await page.getByTestId("auth-language-en").click();
  const en = `${t("en", "signup.toasts.error")} ${t("en", "backendErrors.ERR_EMAIL_ALREADY_EXISTS")}`;
  await expect(page.getByTestId("auth-error")).toHaveText(en);

  // Nothing was created: the company name is still free and the existing
  // account still has its own password, not the one typed in the form.
  await signUpByApi(baseURL!, { ...newPerson("dup3"), company: second.company });
  await logIn(page, existing.email, second.password);
  await expect(page.getByTestId("auth-error")).toHaveText(t("en", "backendErrors.ERR_INVALID_CREDENTIALS"));
  await logIn(page, existing.email, existing.password);
  await expect(page).toHaveURL(/\/tickets$/);
});
