/**
 * Settings (core-platform §2.18). A company admin changes an option that
 * survives a reload and, with business hours managed by company, saves the
 * company's hours on the Schedules tab, is told which connection has no
 * out-of-hours message and gives it the default one. The super admin creates a
 * plan (the form empties after adding; a double click makes one plan) and a
 * company due in 5 days (a yellow row), then renews it with the expiry button.
 */
import { randomBytes } from "node:crypto";
import { addRecurrence } from "@balcao/contracts";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { apiAsPage, logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";
import { chooseOption, openSettings } from "./harness/settings-screen.js";
import { asSuperAdmin } from "./harness/super-admin.js";

/** A day counted from today in the browser's time zone (playwright.config: America/Sao_Paulo), as YYYY-MM-DD. */
function dayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

const shots = process.env.PW_SHOTS_DIR;

const ddmmyyyy = (iso: string) => iso.split("-").reverse().join("/");

test("a company admin changes an option, and keeps company business hours on the Schedules tab", async ({
  page,
  baseURL,
}) => {
  const admin = newPerson("settings");
  await signUpByApi(baseURL!, admin);
  // Outside the company's hours each connection answers with its own out-of-hours message; one has none.
  const ownerApi = await apiAs(baseURL!, admin);
  await ownerApi("POST", "/whatsapp", { name: "Loja Centro", outOfHoursMessage: "" });
  await ownerApi("POST", "/whatsapp", { name: "Loja Norte", outOfHoursMessage: "Fechado agora." });
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await openSettings(page);

  // An admin sees Options only: no super tabs, no super-only options.
  await expect(page.getByTestId("settings-tab-companies")).toHaveCount(0);
  await expect(page.getByTestId("setting-campaignsEnabled")).toHaveCount(0);
  await expect(page.getByTestId("setting-asaas")).toHaveCount(0);

  await chooseOption(page, "userRating", "enabled");
  await page.reload();
  await expect(page.getByTestId("setting-userRating")).toHaveValue("enabled");

  // Business hours by company: the Schedules tab appears.
  await expect(page.getByTestId("settings-tab-schedules")).toHaveCount(0);
  await chooseOption(page, "scheduleType", "company");
  await page.getByTestId("settings-tab-schedules").click();
  await expect(page.getByTestId("hours-monday-startTime")).toHaveValue("08:00");
  await page.getByTestId("hours-monday-startTime").fill("09:30");
  await page.getByTestId("hours-friday-endTime").fill("17:00");
  await expect(page.getByTestId("hours-monday-startTime")).toHaveValue("09:30");
  const saved = page.waitForResponse((r) => r.url().includes("/schedules") && r.request().method() === "PUT");
  await page.getByTestId("hours-save").click();
  expect(((await (await saved).json()) as { schedules: { startTime: string }[] }).schedules[0]!.startTime).toBe(
    "09:30",
  );
  await expect(page.getByText(t("pt", "settings.schedulesUpdated"))).toBeVisible();
  // Saved: the connection that would leave customers without an answer is named, and one click gives it the
  // default message in the admin's language (issue 30 item 12).
  const warning = page.getByTestId("settings-out-of-hours-warning");
  await expect(warning).toContainText("Loja Centro");
  await expect(warning).not.toContainText("Loja Norte");
  if (shots) await page.screenshot({ path: `${shots}/settings-out-of-hours-warning.png` });
  await warning.getByTestId("settings-out-of-hours-warning-use-default").click();
  await expect(page.getByText(t("pt", "settings.schedules.defaultMessageSaved"))).toBeVisible();
  await expect(warning).toHaveCount(0);
  // The browser's login ended the API session above: read with the page's own token.
  const messages = (
    await apiAsPage(baseURL!, page)<{ name: string; outOfHoursMessage: string }[]>("GET", "/whatsapp", undefined)
  ).map((c) => [c.name, c.outOfHoursMessage]);
  expect(messages).toEqual([
    ["Loja Centro", t("pt", "queueModal.schedules.defaultOutOfHoursMessage")],
    ["Loja Norte", "Fechado agora."],
  ]);

  await page.reload();
  await page.getByTestId("settings-tab-schedules").click();
  await expect(page.getByTestId("hours-monday-startTime")).toHaveValue("09:30");
  await expect(page.getByTestId("hours-friday-endTime")).toHaveValue("17:00");

  // Back to hours per queue: the tab goes away.
  await page.getByTestId("settings-tab-options").click();
  await chooseOption(page, "scheduleType", "queue");
  await expect(page.getByTestId("settings-tab-schedules")).toHaveCount(0);
});

test("the super admin creates a plan and a company, sees its due-date colour and renews it", async ({
  page,
  baseURL,
}) => {
  const tag = randomBytes(4).toString("hex");
  const planName = `Plano ${tag}`;
  const companyName = `Empresa ${tag}`;
  const due = dayFromToday(5);

  await asSuperAdmin(page, async () => {
    await openSettings(page);

    // A plan with its limits, value and one feature switched off.
    await page.getByTestId("settings-tab-plans").click();
    await page.getByTestId("plan-name").fill(planName);
    await page.getByTestId("plan-users").fill("3");
    await page.getByTestId("plan-connections").fill("2");
    await page.getByTestId("plan-queues").fill("4");
    await page.getByTestId("plan-value").fill("49,90");
    await page.getByTestId("plan-useKanban").uncheck();
    // A double click on Adicionar sends one plan.
    const planPosts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/plans") planPosts.push(r.url());
    });
    await page.getByTestId("plan-save").dblclick();
    await expect(page.getByText(t("pt", "plans.toasts.success")).first()).toBeVisible();
    const planRow = page.locator('tr[data-testid^="plan-row-"]', { hasText: planName });
    await expect(planRow).toContainText("R$ 49,90");
    // Added: the form is empty again, ready for the next plan …
    await expect(page.getByTestId("plan-name")).toHaveValue("");
    await expect(page.getByTestId("plan-users")).toHaveValue("0");
    await expect(page.getByTestId("plan-useKanban")).toBeChecked();
    // … so another click adds nothing: the empty name is flagged and no second plan is made.
    await page.getByTestId("plan-save").click();
    await expect(page.getByTestId("plan-form")).toContainText(t("pt", "validation.required"));
    expect(planPosts).toHaveLength(1);
    const plans = await apiAsPage(baseURL!, page)<{ name: string }[]>("GET", "/plans/all", undefined);
    expect(plans.filter((p) => p.name === planName)).toHaveLength(1);

    // A company on that plan, due in 5 days: a yellow row.
    await page.getByTestId("settings-tab-companies").click();
    await page.getByTestId("company-name").fill(companyName);
    await page.getByTestId("company-email").fill(`billing-${tag}@example.test`);
    await page.getByTestId("company-plan").selectOption({ label: planName });
    await page.getByTestId("company-due-date").fill(due);
    await page.getByTestId("company-save").click();
    await expect(page.getByText(t("pt", "settings.company.toasts.success")).first()).toBeVisible();
    await expect(page.getByTestId("company-name")).toHaveValue("");
    const companyRow = page.locator('tr[data-testid^="company-row-"]', { hasText: companyName });
    await expect(companyRow).toHaveAttribute("data-band", "yellow");
    await expect(companyRow).toContainText(ddmmyyyy(due));
    await expect(companyRow).toContainText(planName);

    // The same name again: the duplicate-name hint.
    await page.getByTestId("company-name").fill(companyName.toUpperCase());
    await expect(page.getByText(t("pt", "settings.company.duplicateName"))).toBeVisible();
    await page.getByTestId("company-clear").click();

    // Renew: the expiry button adds the recurrence (a month) in the form; saving keeps it.
    await companyRow.getByTestId("company-edit").click();
    await expect(page.getByTestId("company-name")).toHaveValue(companyName);
    await page.getByTestId("company-expiry").click();
    const renewed = addRecurrence(due, "MENSAL");
    await expect(page.getByTestId("company-due-date")).toHaveValue(renewed);
    await page.getByTestId("company-save").click();
    await expect(page.getByText(t("pt", "settings.company.toasts.success")).first()).toBeVisible();
    await expect(companyRow).toContainText(ddmmyyyy(renewed));
    await expect(companyRow).not.toHaveAttribute("data-band");
  });
});
