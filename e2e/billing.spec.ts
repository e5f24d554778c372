/**
 * A person's path through billing (core-platform §2.19, §4.6; issue 14): an
 * admin opens /financeiro, pays the open invoice by Pix (the provider down
 * first: a clear message and nothing charged), sees the QR code and the total,
 * copies the code; the fake Asaas confirms (it marks the charge received and
 * posts the signed webhook) and the browser shows the renewal with the new
 * due date, then goes to /. An expired company's admin, refused at login, pays
 * from the login page and is signed in once the payment lands. Money is BRL in
 * Brazilian format in every language. What super users see and change:
 * billing-admin.spec.ts.
 */
import type { Page } from "@playwright/test";
import { asaasDown, asaasPays } from "./harness/asaas.js";
import { addMonths, brl, ddmmyyyy, fillCheckout, invoicesOf } from "./harness/billing.js";
import { readEnv } from "./harness/env.js";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { apiAsPage, logIn } from "./harness/pages.js";
import { apiAs, newPerson, publicPlans, signUpByApi } from "./harness/people.js";

const shots = process.env.PW_SHOTS_DIR;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
};

test("an admin pays the open invoice by Pix and sees the license renewed", async ({ baseURL, browser }) => {
  const admin = newPerson("billing");
  const company = await signUpByApi(baseURL!, admin);
  const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  const api = apiAsPage(baseURL!, page);
  const invoices = await invoicesOf(api);
  expect(invoices).toHaveLength(1);
  const invoice = invoices[0]!;

  // The subscription page's 'sign now' opens the checkout of that invoice, on its first step.
  await page.goto("/subscription");
  await page.getByTestId("subscription-sign-now").click();
  await expect(page.getByTestId("checkout-dialog")).toContainText(t("pt", "checkoutPage.title", { id: invoice.id }));
  await expect(page.getByTestId("checkout-step-data")).toBeVisible();
  await page.getByTestId("checkout-cancel").click();
  await expect(page.getByTestId("checkout-dialog")).toHaveCount(0);

  // The trial's last days: the admin is warned, with the way to the invoices.
  await expect(page.getByTestId("subscription-warning")).toBeVisible();
  await page.getByTestId("subscription-warning-pay").click();
  await expect(page).toHaveURL(/\/financeiro$/);
  const row = page.getByTestId(`invoice-row-${invoice.id}`);
  await expect(row.getByTestId("invoice-status")).toHaveText(t("pt", "financeiro.status.open"));
  await expect(row.getByTestId("invoice-value")).toHaveText(brl(invoice.value));
  await expect(row.getByTestId("invoice-due")).toHaveText(ddmmyyyy(invoice.dueDate));
  await shoot(page, "financeiro");

  await row.getByTestId("invoice-pay").click();
  await shoot(page, "checkout-data");
  const dialog = await fillCheckout(page, brl(invoice.value));
  await expect(dialog.getByTestId("checkout-review-total")).toHaveText(brl(invoice.value));
  await shoot(page, "checkout-review");

  // The provider is down: a clear message, no QR code, and the person can try again.
  await asaasDown(true);
  try {
    await dialog.getByTestId("checkout-pay").click();
    await expect(dialog.getByTestId("checkout-error")).toContainText(
      t("pt", "backendErrors.ERR_PAYMENT_PROVIDER_UNAVAILABLE"),
    );
  } finally {
    await asaasDown(false);
  }
  await shoot(page, "checkout-provider-down");
  await dialog.getByTestId("checkout-pay").click();
  await expect(dialog.getByTestId("checkout-qrcode")).toBeVisible();
  await expect(page.getByText(t("pt", "checkoutPage.success")).first()).toBeVisible();
  await expect(dialog.getByTestId("checkout-total")).toHaveText(
    t("pt", "checkoutPage.pix.total", { total: brl(invoice.value) }),
  );
  await dialog.getByTestId("checkout-copy").click();
  await expect(dialog.getByTestId("checkout-copy")).toHaveText(t("pt", "checkoutPage.pix.copied"));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^000201/);
  await expect(dialog.getByTestId("checkout-copy")).toHaveText(t("pt", "checkoutPage.pix.copy"));
  await shoot(page, "checkout-pix");

  // The bank pays; Asaas posts its signed webhook; the browser hears the confirmation.
  await asaasPays(baseURL!, invoice.id);
  const renewedUntil = addMonths(company.dueDate.slice(0, 10), 1);
  const renewed = t("pt", "checkoutPage.renewed", { date: ddmmyyyy(renewedUntil) });
  await expect(dialog.getByTestId("checkout-renewed")).toHaveText(renewed);
  await shoot(page, "checkout-renewed");
  await expect(page).toHaveURL(new URL("/", baseURL).href, { timeout: 8000 });

  const after = await invoicesOf(api);
  expect(after.find((i) => i.id === invoice.id)).toMatchObject({ status: "paid", renewedUntil });
  await page.goto("/financeiro");
  await expect(page.getByTestId(`invoice-row-${invoice.id}`).getByTestId("invoice-paid")).toHaveText(
    t("pt", "financeiro.buttons.paid"),
  );
  await context.close();
});

test("an expired company's admin pays from the login page and is let in", async ({ page, baseURL }) => {
  await logIn(page, readEnv("billingExpiredEmail"), readEnv("billingExpiredPassword"));
  // Refused as any expired company (the global setup gave both the same past due date) …
  await expect(page.getByTestId("auth-error")).toHaveText(
    t("pt", "login.subscriptionExpired", { date: ddmmyyyy(readEnv("expiredDueDate")) }),
  );
  await shoot(page, "login-expired");
  // … but offered the way to pay: its open invoices, and the checkout.
  await page.getByTestId("login-pay-invoice").click();
  const list = page.getByTestId("expired-invoices");
  // The invoice of the period that lapsed comes first: overdue, its row highlighted (§4.6).
  const row = list.locator('[data-testid^="invoice-row-"]').first();
  await expect(row).toHaveAttribute("data-status", "expired");
  await expect(row.getByTestId("invoice-status")).toHaveText(t("pt", "financeiro.status.expired"));
  await expect(row.getByTestId("invoice-due")).toHaveText(ddmmyyyy(readEnv("expiredDueDate")));
  expect(await row.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
  const invoiceId = Number((await row.getAttribute("data-testid"))!.replace("invoice-row-", ""));
  await shoot(page, "login-expired-invoices");
  const value = (await row.getByTestId("invoice-value").textContent())!;
  await row.getByTestId("invoice-pay").click();
  const dialog = await fillCheckout(page, value);
  await dialog.getByTestId("checkout-pay").click();
  await expect(dialog.getByTestId("checkout-qrcode")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await asaasPays(baseURL!, invoiceId);
  // Expired, the license runs again from today.
  const renewedUntil = addMonths(new Date().toISOString().slice(0, 10), 1);
  await expect(dialog.getByTestId("checkout-renewed")).toHaveText(
    t("pt", "checkoutPage.renewed", { date: ddmmyyyy(renewedUntil) }),
  );
  await shoot(page, "login-expired-renewed");
  // 4 s later the same email and password sign the person in.
  await expect(page).toHaveURL(/\/tickets$/, { timeout: 10_000 });
});

test("an agent is told invoices are for administrators", async ({ page, baseURL }) => {
  const admin = newPerson("billing-owner");
  await signUpByApi(baseURL!, admin);
  const agent = newPerson("billing-agent");
  const api = await apiAs(baseURL!, admin);
  await api("POST", "/users", { name: agent.name, email: agent.email, password: agent.password, profile: "user" });
  await logIn(page, agent.email, agent.password);
  await expect(page).toHaveURL(/\/tickets$/);
  // The trial ends within days, but an agent cannot pay: no warning they cannot act on (issue 30 item 11).
  await expect(page.getByTestId("menu-item-tickets")).toBeVisible();
  await expect(page.getByTestId("subscription-warning")).toHaveCount(0);
  await shoot(page, "agent-no-warning");
  await expect(page.getByTestId("menu-item-financeiro")).toHaveCount(0);
  await page.goto("/financeiro");
  await expect(page.getByTestId("financeiro-admins-only")).toHaveText(t("pt", "financeiro.adminsOnly"));
  await expect(page.getByTestId("invoices-table")).toHaveCount(0);
});

test("money is BRL in Brazilian format in English and Spanish too", async ({ page, baseURL, browser }) => {
  const admin = newPerson("billing-money");
  await signUpByApi(baseURL!, admin);
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  const api = apiAsPage(baseURL!, page);
  const [invoice] = await invoicesOf(api);
  // "R$ 30,00" (a no-break space after R$, a decimal comma), never "R$30.00" nor "30,00 BRL" (issue 30 item 7).
  const money = brl(invoice!.value);
  expect(money).toMatch(/^R\$\u00a0\d{1,3}(\.\d{3})*,\d{2}$/);

  await page.getByTestId("language-menu-button").click();
  await page.getByTestId("language-option-en").click();
  await page.goto("/financeiro");
  const row = page.getByTestId(`invoice-row-${invoice!.id}`);
  await expect(row.getByTestId("invoice-status")).toHaveText(t("en", "financeiro.status.open"));
  await expect(row.getByTestId("invoice-value")).toHaveText(money);
  await shoot(page, "financeiro-en");
  await row.getByTestId("invoice-pay").click();
  const dialog = page.getByTestId("checkout-dialog");
  await expect(dialog.getByTestId("checkout-step-data")).toBeVisible();
  await dialog.getByTestId("checkout-address2").fill("Rua das Flores, 100");
  await dialog.getByTestId("checkout-city").fill("São Paulo");
  await dialog.getByTestId("checkout-zipcode").fill("01001-000");
  await shoot(page, "checkout-data-en");
  await dialog.getByTestId("checkout-next").click();
  await expect(dialog.getByTestId("checkout-plan-value")).toHaveText(money);
  await shoot(page, "checkout-plan-en");
  await dialog.getByTestId("checkout-next").click();
  await expect(dialog.getByTestId("checkout-review-total")).toHaveText(money);
  await shoot(page, "checkout-review-en");

  // The sign-up page's plan picker, in Spanish.
  const visitor = await browser.newPage();
  await visitor.goto(new URL("/signup", baseURL).href);
  await visitor.getByTestId("auth-language-button").click();
  await visitor.getByTestId("auth-language-es").click();
  const [seeded] = (await publicPlans(baseURL!)).sort((a, b) => a.id - b.id);
  const option = visitor.getByTestId("signup-plan").locator(`option[value="${seeded!.id}"]`);
  await expect(option).toContainText(t("es", "signup.plan.option", { name: seeded!.name }).split(":")[0]!);
  await expect(option).toHaveText(new RegExp(` - ${money.replace("$", "\\$")}$`));
  await visitor.getByTestId("signup-plan").selectOption(String(seeded!.id));
  await shoot(visitor, "signup-plans-es");
  await visitor.close();
});
