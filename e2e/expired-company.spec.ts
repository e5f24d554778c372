/**
 * A company whose subscription has expired cannot log in: the login page says
 * so with the due date and the person stays on it. The company is prepared by
 * the global setup: signed up, then its due date moved into the past by the
 * super admin through PUT /api/companies/{id}.
 */
import { expect, test } from "./harness/fixtures.js";
import { readEnv } from "./harness/env.js";
import { t } from "./harness/i18n.js";
import { expectLoggedOut, logIn } from "./harness/pages.js";

test("an expired company is refused with its expiry date", async ({ page }) => {
  const [y, m, d] = readEnv("expiredDueDate").split("-");
  const expected = t("pt", "login.subscriptionExpired", { date: `${d}/${m}/${y}` });

  await logIn(page, readEnv("expiredEmail"), readEnv("expiredPassword"));
  await expect(page.getByTestId("auth-error")).toHaveText(expected);
  await expectLoggedOut(page);
});
