/**
 * A new customer's first visit: signs up, logs in, lands on the tickets page,
 * switches the interface to English and the theme to dark (both survive a
 * reload), and logs out.
 */
import { backgroundLuminance, storedItem as stored } from "./harness/browser.js";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { expectLoggedOut, logIn } from "./harness/pages.js";
import { newPerson, publicPlans, signUpByApi } from "./harness/people.js";

test("sign up, log in, switch language and theme, log out", async ({ page, baseURL }) => {
  const person = newPerson("first");
  const [plan] = await publicPlans(baseURL!);

  await page.goto("/signup");
  await page.getByTestId("signup-name").fill(person.company);
  await page.getByTestId("signup-email").fill(person.email);
  await page.getByTestId("signup-phone").pressSequentially(person.phone);
  await expect(page.getByTestId("signup-phone")).toHaveValue("(11) 98765-4321");
  await page.getByTestId("signup-password").fill(person.password);
  await page.getByTestId("signup-plan").selectOption(String(plan!.id));
  await expect(page.getByTestId("signup-plan").locator("option:checked")).toContainText(plan!.name);
  await page.getByTestId("signup-submit").click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(t("pt", "signup.toasts.success"))).toBeVisible();

  // Log in and land on the tickets page, in Portuguese.
  await logIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/tickets$/);
  const greetingPt = t("pt", "mainLayout.greeting", { name: person.name, company: person.company });
  await expect(page.getByTestId("greeting")).toContainText(greetingPt);
  await expect(page.getByTestId("menu-item-tickets")).toContainText(t("pt", "tickets.title"));

  // English from the top bar's language menu: stored and told to the server.
  await page.getByTestId("language-menu-button").click();
  const told = page.waitForResponse((r) => r.url().endsWith("/api/users/set-language/en"));
  await page.getByTestId("language-option-en").click();
  expect((await told).ok()).toBe(true);
  const greetingEn = t("en", "mainLayout.greeting", { name: person.name, company: person.company });
  await expect(page.getByTestId("greeting")).toContainText(greetingEn);
  await expect(page.getByTestId("menu-item-tickets")).toContainText(t("en", "tickets.title"));
  await expect(page.getByTestId("list-open-empty")).toContainText(t("en", "ticketsList.noTicketsTitle"));
  expect(await stored(page, "i18nextLng")).toBe("en");

  await page.reload();
  await expect(page.getByTestId("greeting")).toContainText(greetingEn);
  await expect(page.getByTestId("menu-item-tickets")).toContainText(t("en", "tickets.title"));

  // Dark theme from the top bar (the browser prefers light): stored, painted, kept.
  expect(await stored(page, "preferredTheme")).toBeNull();
  expect(await backgroundLuminance(page)).toBeGreaterThan(0.6);
  await page.getByTestId("theme-toggle").click();
  await expect.poll(() => stored(page, "preferredTheme")).toBe("dark");
  await expect.poll(() => backgroundLuminance(page)).toBeLessThan(0.1);

  await page.reload();
  await expect(page.getByTestId("greeting")).toContainText(greetingEn);
  expect(await stored(page, "preferredTheme")).toBe("dark");
  expect(await backgroundLuminance(page)).toBeLessThan(0.1);

  // Log out from the user menu: back on /login, and the private pages are closed.
  await page.getByTestId("user-menu-button").click();
  await page.getByTestId("menu-logout").click();
  await expectLoggedOut(page);
  await expect(page.getByTestId("login-submit")).toHaveText(t("en", "login.buttons.submit"), { ignoreCase: true });
  await page.goto("/tickets");
  await expect(page).toHaveURL(/\/login$/);
});

test("pressing F5 twice quickly keeps the user signed in", async ({ page, baseURL }) => {
  const person = newPerson("reload");
  await signUpByApi(baseURL!, person);
  await logIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByTestId("greeting")).toBeVisible();
  for (let i = 0; i < 3; i++) {
    // The second reload cuts the first one's token refresh short.
    const refreshing = page.waitForRequest((r) => r.url().endsWith("/api/auth/refresh_token"));
    await page.reload({ waitUntil: "commit" });
    await refreshing;
    await page.reload();
    await expect(page.getByTestId("greeting")).toBeVisible();
    await expect(page).toHaveURL(/\/tickets$/);
  }
});

test.describe("a browser set to English", () => {
  test.use({ locale: "en-US" });

  test("a first visit is in Portuguese and offers English; switching is remembered", async ({ page }) => {
    await page.goto("/login");
    const submit = page.getByTestId("login-submit");
    await expect(submit).toHaveText(t("pt", "login.buttons.submit"), { ignoreCase: true });
    const offer = page.getByTestId("language-offer");
    await expect(offer).toContainText(t("en", "languageOffer.text"));
    await offer.getByTestId("language-offer-accept").click();
    await expect(submit).toHaveText(t("en", "login.buttons.submit"), { ignoreCase: true });
    await expect(offer).toBeHidden();
    expect(await stored(page, "i18nextLng")).toBe("en");

    await page.reload();
    await expect(submit).toHaveText(t("en", "login.buttons.submit"), { ignoreCase: true });
    await expect(offer).toBeHidden();
  });
});

test.describe("a browser set to Spanish", () => {
  test.use({ locale: "es-ES" });

  test("keeping Portuguese is remembered: the offer does not come back", async ({ page }) => {
    await page.goto("/login");
    const offer = page.getByTestId("language-offer");
    await expect(offer).toContainText(t("es", "languageOffer.text"));
    await offer.getByTestId("language-offer-dismiss").click();
    await expect(offer).toBeHidden();
    expect(await stored(page, "i18nextLng")).toBe("pt");

    await page.reload();
    await expect(page.getByTestId("login-submit")).toHaveText(t("pt", "login.buttons.submit"), { ignoreCase: true });
    await expect(offer).toBeHidden();
  });
});
