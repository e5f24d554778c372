/**
 * Schedules end to end (issue 12 item 1) with the fake WhatsApp Cloud API
 * playing the customer: from an open ticket's options menu the agent
 * schedules a message for the current minute (already past: the modal says
 * it goes at once), with a variable chip and an image; the app goes to
 * /schedules, where the event turns ENVIADA live, WhatsApp receives the image
 * with the rendered text once,
 * and the sent schedule opens read-only, titled by its status. The browser
 * runs in UTC, the company in America/Sao_Paulo (issue 30 item 1): the time
 * is typed on the company's clock, stored as that time there, and the
 * calendar and the message's bubble show the company's time.
 */
import type { Page } from "@playwright/test";
import { cloudConnection, customerWrites } from "./harness/cloud-connection.js";
import { companyWallClock, companyZone } from "./harness/company-clock.js";
import { expect, test } from "./harness/fixtures.js";
import { graph } from "./harness/graph.js";
import { t } from "./harness/i18n.js";
import { apiAsPage, logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi } from "./harness/people.js";

interface SentRecord {
  to: string;
  body: { type?: string; image?: { caption?: string } };
}

const shots = process.env.PW_SHOTS_DIR;
const modal = (page: Page) => page.getByTestId("schedule-modal");
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

test.use({ timezoneId: "UTC" });

test("a message scheduled from a ticket's menu is sent at once when its time has passed, and shows ENVIADA", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const admin = newPerson("schedules");
  await signUpByApi(baseURL!, admin);
  const api = await apiAs(baseURL!, admin);
  const cloud = await cloudConnection(baseURL!, api);
  const customer = { number: "5511977771234", name: "Maria Cliente" };
  await customerWrites(cloud, customer, "Quero marcar um horário");

  await logIn(page, admin.email, admin.password);
  await page.getByTestId("tab-waiting").click();
  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer.name });
  await item.getByTestId("ticket-accept").click();
  await expect(page.getByTestId("ticket-header")).toHaveAttribute("data-status", "open");
  const ticketUrl = page.url();

  await page.getByTestId("ticket-options").click();
  await page.getByTestId("ticket-option-schedule").click();
  await expect(modal(page).getByTestId("schedule-contact")).toHaveValue(customer.name);
  await modal(page).getByTestId("schedule-body").fill("Seu horário está confirmado, ");
  await modal(page).getByTestId("schedule-variable-firstName").click();
  await expect(modal(page).getByTestId("schedule-body")).toHaveValue("Seu horário está confirmado, {{firstName}}");
  await modal(page)
    .getByTestId("schedule-file")
    .setInputFiles({ name: "agenda.png", mimeType: "image/png", buffer: PNG });
  await expect(modal(page).getByTestId("schedule-file-name")).toHaveText("agenda.png");
  // This minute on the company's clock: already past.
  const at = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  await modal(page).getByTestId("schedule-send-at").fill(companyWallClock(at).input);
  await expect(modal(page)).toContainText(companyZone);
  await expect(modal(page).getByTestId("schedule-past-notice")).toHaveText(t("pt", "scheduleModal.pastNotice"));
  if (shots) await page.screenshot({ path: `${shots}/schedule-modal.png` });
  await modal(page).getByTestId("schedule-save").click();

  await expect(page).toHaveURL(/\/schedules$/);
  await expect(page.getByTestId("schedules-count")).toHaveText("(1)");
  const event = page.locator('[data-testid^="schedule-event-"]');
  await expect(event).toContainText(customer.name);
  await expect(event).toHaveAttribute("data-status", "ENVIADA", { timeout: 20_000 });
  const sent = await graph<SentRecord[]>("GET", `/sent?to=${customer.number}&count=1&timeoutMs=10000`);
  // The image went with it, the rendered text as its caption.
  expect(sent.map((s) => [s.body.type, s.body.image?.caption])).toEqual([
    ["image", "Seu horário está confirmado, Maria"],
  ]);
  if (shots) await page.screenshot({ path: `${shots}/schedules.png` });
  const pageApi = apiAsPage(baseURL!, page);
  const { schedules } = await pageApi<{ schedules: { sendAt: string }[] }>("GET", "/schedules", undefined);
  expect(schedules.map((s) => s.sendAt)).toEqual([at.toISOString()]);

  // Sent: read-only, titled by its status, without Save.
  await event.getByTestId("schedule-edit").click();
  await expect(modal(page)).toContainText(
    t("pt", "scheduleModal.title.status", { status: t("pt", "scheduleModal.status.ENVIADA") }),
  );
  await expect(modal(page).getByTestId("schedule-body")).toBeDisabled();
  await expect(modal(page).getByTestId("schedule-save")).toHaveCount(0);
  await modal(page).getByTestId("schedule-cancel").click();

  // The message is in the ticket, and WhatsApp got it once.
  await page.goto(ticketUrl);
  await expect(page.getByTestId("message-list")).toContainText("Seu horário está confirmado, Maria");
  // Its bubble tells the company's time of the message.
  const uuid = new URL(ticketUrl).pathname.split("/").pop()!;
  const { id: ticketId } = await pageApi<{ id: number }>("GET", `/tickets/u/${uuid}`, undefined);
  const { messages } = await pageApi<{ messages: { id: number; body: string; createdAt: string }[] }>(
    "GET",
    `/messages/${ticketId}`,
    undefined,
  );
  const scheduled = messages.find((m) => m.body.startsWith("Seu horário"))!;
  await expect(page.getByTestId(`message-${scheduled.id}`)).toContainText(companyWallClock(scheduled.createdAt).time);
  const again = await graph<SentRecord[]>("GET", `/sent?to=${customer.number}&count=1&timeoutMs=500`);
  expect(again).toHaveLength(1);

  // ?contactId= opens the modal prefilled with that contact; the agenda lists dates as 'DD/MM ddd'
  // and the schedule at its time on the company's clock.
  const { contacts } = await pageApi<{ contacts: { id: number }[] }>("GET", "/contacts/?searchParam=maria", undefined);
  await page.goto(`/schedules?contactId=${contacts[0]!.id}`);
  await expect(modal(page).getByTestId("schedule-contact")).toHaveValue(customer.name);
  await modal(page).getByTestId("schedule-cancel").click();
  await page.getByRole("button", { name: t("pt", "schedules.calendar.agenda"), exact: true }).click();
  await expect(page.locator(".rbc-agenda-date-cell").first()).toHaveText(/^\d{2}\/\d{2} \S{3}$/);
  await expect(page.locator(".rbc-agenda-time-cell").first()).toContainText(companyWallClock(at).time);
  if (shots) await page.screenshot({ path: `${shots}/schedules-agenda.png` });
});
