/** A person who forgot their password gets a code by mail and sets a new one. */
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { expectLoggedOut, logIn } from "./harness/pages.js";
import { newPerson, signUpByApi } from "./harness/people.js";

test("reset a password through the mailed code", async ({ page, baseURL, mailbox }) => {
  const person = newPerson("reset");
  await signUpByApi(baseURL!, person);
  const newPassword = "NovaSenha2025";

  // From the login page, as a person does: the email field has focus, one click on the link suffices.
  await page.goto("/login");
  await page.getByTestId("login-email").click();
  await page.getByRole("link", { name: t("pt", "login.buttons.forgotPassword") }).click();
  await expect(page).toHaveURL(/\/forgetpsw$/);

  await page.getByTestId("reset-email").fill(person.email);
  await page.getByTestId("reset-send").click();
  await expect(page.getByText(t("pt", "resetPassword.subtitleCode", { email: person.email }))).toBeVisible();

  const [mail] = await mailbox.mails(person.email);
  const code = /\b(\d{6})\b/.exec(mail!.text)?.[1];
  expect(code, `a 6-digit code in the mail:\n${mail!.text}`).toBeDefined();

  await page.getByTestId("reset-code").fill(code!);
  await page.getByTestId("reset-password").fill(newPassword);
  await page.getByTestId("reset-confirm").fill(newPassword);
  await page.getByTestId("reset-submit").click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(t("pt", "resetPassword.toasts.passwordUpdated"))).toBeVisible();

  // The old password no longer opens the account...
  await logIn(page, person.email, person.password);
  await expect(page.getByTestId("auth-error")).toHaveText(t("pt", "backendErrors.ERR_INVALID_CREDENTIALS"));
  await expectLoggedOut(page);

  // ...the new one does.
  await logIn(page, person.email, newPassword);
  await expect(page).toHaveURL(/\/tickets$/);
});

test("a wrong code is refused and the password stays as it was", async ({ page, baseURL, mailbox }) => {
  const person = newPerson("badcode");
  await signUpByApi(baseURL!, person);

  await page.goto("/forgetpsw");
  await page.getByTestId("reset-email").fill(person.email);
  await page.getByTestId("reset-send").click();
  const [mail] = await mailbox.mails(person.email);
  const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  await page.getByTestId("reset-code").fill(wrong);
  await page.getByTestId("reset-password").fill("OutraSenha2025");
  await page.getByTestId("reset-confirm").fill("OutraSenha2025");
  await page.getByTestId("reset-submit").click();
  await expect(page.getByTestId("auth-error")).toHaveText(t("pt", "backendErrors.ERR_INVALID_RESET_CODE"));
  await expect(page).toHaveURL(/\/forgetpsw$/);

  await logIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/tickets$/);
});
