/**
 * A person's path through the dashboard (core-platform §2.15, §4.8, §5): an
 * admin with an open and a resolved ticket opens it from the menu, sees the
 * counters (with the business-hours ones beyond the spec) and themself in the
 * attendants table (stars, "HH h mm m", online), sees a new ticket counted live, switches between filter types (a period of
 * none is refused with "Set filter parameters"), and reads both charts, the
 * per-day one as hours when one day is chosen.
 */
import type { Page } from "@playwright/test";
import { companyZone } from "./harness/company-clock.js";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { apiAsPage, logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";

const counter = (page: Page, key: string) => page.getByTestId(`dashboard-${key}-value`);

test("an admin reads the dashboard, filters it both ways and sees both charts", async ({ page, baseURL }) => {
  const admin = newPerson("dashboard");
  await signUpByApi(baseURL!, admin);
  const api = await apiAs(baseURL!, admin);
  await api("POST", "/whatsapp", { name: "Principal", isDefault: true, queueIds: [] });
  const first = await api("POST", "/contacts", { name: "Cliente Um", number: "5511912340001", email: "" });
  const second = await api("POST", "/contacts", { name: "Cliente Dois", number: "5511912340002", email: "" });
  await api("POST", "/tickets", { contactId: first.id, status: "open" });
  const resolved = await api("POST", "/tickets", { contactId: second.id, status: "open" });
  await api("PUT", `/tickets/${resolved.id}`, { status: "closed" });

  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("menu-item-dashboard").click();
  await expect(page).toHaveURL(/\/$/);
  // The filter's days are the company's, which the page names.
  await expect(page.getByTestId("dashboard-zone")).toContainText(companyZone);

  // Type 1 (yesterday to today) loads by itself a second after opening.
  await expect(counter(page, "inConversation")).toHaveText("1");
  await expect(counter(page, "waiting")).toHaveText("0");
  await expect(counter(page, "finished")).toHaveText("1");
  await expect(counter(page, "newContacts")).toHaveText("2");
  await expect(counter(page, "avgSupportTime")).toHaveText("00 h 00 m");
  // Beyond the spec: first response and resolution in business hours, beside the others, as "HH h mm m".
  for (const key of ["avgFirstResponseBusinessTime", "avgResolutionBusinessTime"]) {
    await expect(page.getByTestId(`dashboard-${key}`)).toContainText(t("pt", `dashboard.counters.${key}`));
    await expect(counter(page, key)).toHaveText("00 h 00 m");
  }
  const row = page.locator('tr[data-testid^="attendant-row-"]').filter({ hasText: admin.name });
  await expect(row.getByTestId("attendant-rating").locator(".MuiRating-root")).toBeVisible();
  // Three read-only stars, none filled: no customer has rated yet.
  await expect(row.getByTestId("attendant-rating").locator(".MuiRating-decimal")).toHaveCount(3);
  await expect(row.getByTestId("attendant-rating").locator(".MuiRating-iconFilled")).toHaveCount(0);
  await expect(row.getByTestId("attendant-rating")).toHaveAttribute("data-rating", "");
  await expect(row.getByTestId("attendant-support-time")).toHaveText("00 h 00 m");
  await expect(row.getByTestId("attendant-online")).toHaveAttribute("data-online", "true");

  // A ticket opened elsewhere is counted without reloading.
  const third = await apiAsPage(baseURL!, page)("POST", "/contacts", {
    name: "Cliente Três",
    number: "5511912340003",
    email: "",
  });
  await apiAsPage(baseURL!, page)("POST", "/tickets", { contactId: third.id, status: "open" });
  await expect(counter(page, "inConversation")).toHaveText("2");

  // Type 2 clears the dates; no period chosen is refused.
  await page.getByTestId("dashboard-filter-type").locator("..").click();
  await page.getByRole("option", { name: t("pt", "dashboard.filters.byPeriod") }).click();
  await expect(page.getByTestId("dashboard-date-from")).toBeHidden();
  await page.getByTestId("dashboard-filter").click();
  const refusal = page.getByText(t("pt", "dashboard.toasts.selectFilterError"));
  await expect(refusal.first()).toBeVisible();
  await expect(refusal).toBeHidden(); // closes after 2 s
  await page.getByTestId("dashboard-period").locator("..").click();
  await page.getByTestId("dashboard-period-7").click();
  await page.getByTestId("dashboard-filter").click();
  await expect(counter(page, "finished")).toHaveText("1");
  await expect(counter(page, "newContacts")).toHaveText("3");

  // Back to type 1: days go to 0, the dates come back empty; a date range filters again.
  await page.getByTestId("dashboard-filter-type").locator("..").click();
  await page.getByRole("option", { name: t("pt", "dashboard.filters.byDate") }).click();
  await expect(page.getByTestId("dashboard-date-from")).toHaveValue("");
  await page.getByTestId("dashboard-filter").click();
  await expect(refusal.first()).toBeVisible();
  await page.getByTestId("dashboard-date-from").fill("2020-01-01");
  await page.getByTestId("dashboard-date-to").fill("2020-01-31");
  await page.getByTestId("dashboard-filter").click();
  await expect(counter(page, "finished")).toHaveText("0");
  await expect(counter(page, "newContacts")).toHaveText("0");
  await expect(counter(page, "inConversation")).toHaveText("2");

  // The charts: tickets per user (the admin's three), tickets per day with the total in the title.
  const users = page.getByTestId("chart-users");
  await expect(users.getByTestId("chart-users-bars")).toHaveAttribute("data-bars", "1");
  await expect(users.locator(".recharts-bar-rectangle")).toHaveCount(1);
  await expect(users.getByText(admin.name)).toBeVisible();
  const days = page.getByTestId("chart-days");
  await expect(days.getByTestId("chart-days-title")).toHaveText(t("pt", "dashboard.charts.perDay", { count: 3 }));
  await expect(days.locator(".recharts-bar-rectangle").first()).toBeVisible();

  // One day chosen: the bars are hours.
  const today = await days.getByTestId("chart-days-to").inputValue();
  await days.getByTestId("chart-days-from").fill(today);
  await days.getByTestId("chart-days-filter").click();
  await expect(days.getByText(/^Das \d{2}:00 as \d{2}:59$/).first()).toBeVisible();
  await page.screenshot({ path: "test-results/dashboard.png", fullPage: true });
});
