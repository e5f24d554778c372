/**
 * A person's path through the ticket workspace (core-platform §2.7–§2.13)
 * without a customer: an admin opens a ticket for an existing contact from
 * the new-ticket modal, writes (no WhatsApp session runs, so the server keeps
 * the message as failed and offers Retry), transfers it to a queue, accepts
 * it back from Waiting, resolves it, finds it under Resolved and reopens it;
 * and on a phone the bottom navigation switches between list and ticket.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi, type Person } from "./harness/people.js";

async function companyWithContact(baseURL: string, tag: string) {
  const admin = newPerson(tag);
  await signUpByApi(baseURL, admin);
  const api = await apiAs(baseURL, admin);
  const contact = await api("POST", "/contacts", { name: `Cliente ${tag}`, number: "5511912345678", email: "" });
  const queue = await api("POST", "/queue", { name: "Suporte", color: "#43a047", greetingMessage: "" });
  await api("POST", "/whatsapp", { name: "Principal", isDefault: true, queueIds: [] });
  return { admin, api, contact, queue };
}

const item = (page: Page, id: number) => page.getByTestId(`ticket-item-${id}`);
const header = (page: Page) => page.getByTestId("ticket-header");

async function openWorkspace(page: Page, admin: Person) {
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
}

test("an admin opens, writes, transfers, accepts, resolves and reopens a ticket", async ({ page, baseURL }) => {
  const { admin, api, contact } = await companyWithContact(baseURL!, "tickets");
  // A second queue: the ticket opens in one and is transferred to the other.
  const queue = await api("POST", "/queue", { name: "Vendas", color: "#1e88e5", greetingMessage: "" });
  await openWorkspace(page, admin);
  await expect(page.getByTestId("list-open-empty")).toContainText(t("pt", "ticketsList.noTicketsTitle"));

  // New ticket from the contact found by 3 letters of its name.
  await page.getByTestId("new-ticket").click();
  const modal = page.getByTestId("new-ticket-modal");
  await modal.getByTestId("new-ticket-contact").fill("Cli");
  await page.getByTestId(`new-ticket-contact-${contact.id}`).click();
  await modal.getByTestId("new-ticket-ok").click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(header(page)).toHaveAttribute("data-status", "open");
  await expect(header(page).getByTestId("ticket-contact-name")).toContainText(contact.name);
  const ticketId = Number(await page.getByTestId("ticket-view").getAttribute("data-ticket-id"));
  await expect(item(page, ticketId)).toBeVisible();
  await expect(page.getByTestId("count-open")).toContainText("1");

  // Writing: signed by default; no session runs, so the server keeps it failed with Retry.
  await page.getByTestId("message-text").fill("Olá! Como posso ajudar?");
  await page.getByTestId("send-button").click();
  const bubble = page.locator('[data-testid^="message-"][data-from-me="true"]').last();
  await expect(bubble.getByTestId("message-body")).toContainText(`${admin.name}:`);
  await expect(bubble.getByTestId("message-body")).toContainText("Olá! Como posso ajudar?");
  await expect(bubble.getByTestId("message-failed")).toBeVisible();
  await expect(bubble.getByTestId("message-retry")).toBeVisible();
  await expect(page.getByText(t("pt", "backendErrors.ERR_WAPP_NOT_INITIALIZED")).first()).toBeVisible();
  await expect(page.getByTestId("message-text")).toHaveValue("");
  await expect(item(page, ticketId).getByTestId("ticket-last-message")).toContainText("Olá! Como posso ajudar?");

  // Transfer to a queue without an attendant: it waits there, and the app goes back to the list.
  await page.getByTestId("ticket-options").click();
  await page.getByTestId("ticket-option-transfer").click();
  const transfer = page.getByTestId("transfer-modal");
  await transfer.getByTestId("transfer-ok").click();
  await expect(transfer.locator(".MuiFormHelperText-root.Mui-error")).toHaveText(
    t("pt", "transferTicketModal.selectQueue"),
  );
  await transfer.getByTestId("transfer-queue").click();
  await page.getByTestId(`transfer-queue-option-${queue.id}`).click();
  await transfer.getByTestId("transfer-ok").click();
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("tab-waiting").click();
  await expect(item(page, ticketId)).toHaveAttribute("data-status", "pending");
  await expect(item(page, ticketId).getByTestId("ticket-badge-queue")).toHaveText("VENDAS");
  await expect(page.getByTestId("count-pending")).toContainText("1");

  // A waiting ticket opens only by accepting it.
  await item(page, ticketId).click();
  await expect(page).toHaveURL(/\/tickets$/);
  await item(page, ticketId).getByTestId("ticket-accept").click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(header(page)).toHaveAttribute("data-status", "open");

  // Resolve: back to the list; it is under Resolved, and reopens from there.
  await header(page).getByTestId("ticket-resolve-button").click();
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("tab-closed").click();
  await expect(item(page, ticketId)).toHaveAttribute("data-status", "closed");
  await item(page, ticketId).getByTestId("ticket-reopen").click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(header(page)).toHaveAttribute("data-status", "open");
  await expect(page.getByTestId("message-text")).toBeEnabled();

  // The contact drawer's history: each step, who did it, the queue it went to.
  await header(page).getByTestId("ticket-contact").click();
  const history = page.getByTestId("contact-drawer").getByTestId("ticket-timeline");
  const steps = ["created", "transferred", "accepted", "closed", "reopened"];
  await expect(history.locator('[data-testid^="timeline-"]')).toHaveCount(steps.length);
  for (const [i, type] of steps.entries()) {
    const line = history.locator('[data-testid^="timeline-"]').nth(i);
    await expect(line).toHaveAttribute("data-testid", `timeline-${type}`);
    await expect(line).toContainText(t("pt", `ticketTimeline.types.${type}`));
    await expect(line).toContainText(t("pt", "ticketTimeline.by", { name: admin.name }));
  }
  await expect(history.getByTestId("timeline-transferred")).toContainText("Vendas");
  await page.screenshot({ path: "test-results/ticket-timeline.png" });
});

test("on a phone the bottom navigation switches between the list and the ticket", async ({ browser, baseURL }) => {
  const { admin, api, contact } = await companyWithContact(baseURL!, "tickets-phone");
  const ticket = await api("POST", "/tickets", { contactId: contact.id, status: "open" });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "pt-BR" });
  const page = await context.newPage();
  await openWorkspace(page, admin);
  const nav = page.getByTestId("tickets-bottom-nav");
  await expect(nav).toBeVisible();
  await expect(page.getByTestId("nav-attendance")).toHaveClass(/Mui-selected/);
  await item(page, ticket.id).click();
  await expect(page.getByTestId("nav-ticket")).toHaveClass(/Mui-selected/);
  await expect(page.getByTestId("ticket-view")).toBeVisible();
  await expect(page.getByTestId("tickets-manager")).toBeHidden();
  await page.getByTestId("nav-attendance").click();
  await expect(page.getByTestId("tickets-manager")).toBeVisible();
  await page.getByTestId("nav-ticket").click();
  await expect(header(page).getByTestId("ticket-contact-name")).toContainText(contact.name);
  await context.close();
});

test("from the contacts page to a ticket with tags, notes, search and the admin's peek", async ({ page, baseURL }) => {
  const { admin, contact } = await companyWithContact(baseURL!, "tickets-extras");
  await openWorkspace(page, admin);

  // The contacts page's WhatsApp button opens the new-ticket modal with the contact chosen.
  await page.getByTestId("menu-item-contacts").click();
  await page.getByTestId(`contact-row-${contact.id}`).getByTestId("contact-new-ticket").click();
  const modal = page.getByTestId("new-ticket-modal");
  await expect(modal.getByTestId("new-ticket-contact")).toHaveValue(new RegExp(contact.name));
  await modal.getByTestId("new-ticket-ok").click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const ticketId = Number(await page.getByTestId("ticket-view").getAttribute("data-ticket-id"));

  // A tag created by name from the selector shows on the ticket and in the list.
  await page.getByTestId("tag-selector").fill("Prioridade");
  await page.getByRole("option", { name: t("pt", "tagSelector.create", { name: "Prioridade" }) }).click();
  await expect(page.getByTestId("ticket-tag-chip")).toHaveText("Prioridade");
  await expect(item(page, ticketId).getByTestId("ticket-tag")).toHaveText("Prioridade");

  // The contact drawer: links, a note added and deleted after its confirmation.
  await header(page).getByTestId("ticket-contact").click();
  const drawer = page.getByTestId("contact-drawer");
  await expect(drawer.getByTestId("drawer-number")).toHaveAttribute("href", "tel:5511912345678");
  await drawer.getByTestId("note-save").click();
  await expect(drawer.getByText(t("pt", "contactModal.validation.required"))).toBeVisible();
  await drawer.getByTestId("note-text").fill("Cliente VIP");
  await drawer.getByTestId("note-save").click();
  await expect(page.getByText(t("pt", "ticketNotes.toasts.added")).first()).toBeVisible();
  await drawer.locator('[data-testid^="note-"]').filter({ hasText: "Cliente VIP" }).getByTestId("note-delete").click();
  await expect(page.getByTestId("note-delete-dialog")).toContainText(t("pt", "ticketNotes.confirmationModal.title"));
  await page.getByTestId("note-delete-dialog-confirm").click();
  await expect(page.getByText(t("pt", "ticketNotes.toasts.deleted")).first()).toBeVisible();
  await expect(drawer.getByText("Cliente VIP")).toHaveCount(0);
  await drawer.getByTestId("contact-drawer-close").click();

  // Search by a lower-cased part of the name; clearing it goes back to Open.
  await page.getByTestId("tab-search").click();
  await page.getByTestId("ticket-search").fill("EXTRAS");
  await expect(page.getByTestId("list-search").getByTestId(`ticket-item-${ticketId}`)).toBeVisible();
  await page.getByTestId("ticket-search").fill("");
  await expect(page.getByTestId("list-open")).toBeVisible();

  // The admin's read-only peek.
  await item(page, ticketId).getByTestId("ticket-peek").click();
  const peek = page.getByTestId("peek-dialog");
  await expect(peek.getByTestId("peek-id")).toHaveText(`#${ticketId}`);
  await expect(peek.getByTestId("peek-user")).toHaveText(t("pt", "peekDialog.assignedTo", { name: admin.name }));
  await expect(peek.getByTestId("message-text")).toHaveCount(0);
  await peek.getByTestId("peek-close").click();
  await expect(peek).toBeHidden();
});

test("an agent sees the tickets of their queues and is turned away from another queue's ticket", async ({
  page,
  baseURL,
}) => {
  const { api, contact, queue } = await companyWithContact(baseURL!, "tickets-agent");
  const other = await api("POST", "/queue", { name: "Financeiro", color: "#e53935", greetingMessage: "" });
  const agent = { ...newPerson("tickets-agent-user"), password: "Agente123" };
  await api("POST", "/users", {
    name: "Agente Ana",
    email: agent.email,
    password: agent.password,
    profile: "user",
    queueIds: [queue.id],
  });
  const outside = await api<{ id: number; uuid?: string }>("POST", "/tickets", {
    contactId: contact.id,
    queueId: other.id,
    status: "open",
  });

  await openWorkspace(page, agent);
  // No "Show all" for agents; their queue filter holds their own queue only.
  await expect(page.getByTestId("show-all")).toHaveCount(0);
  await expect(page.getByTestId("queue-filter")).toHaveValue(String(queue.id));
  await expect(item(page, outside.id)).toHaveCount(0);

  await page.goto(`/tickets/${outside.uuid}`);
  await expect(page.getByText(t("pt", "tickets.toasts.unauthorized")).first()).toBeVisible();
  await expect(page).toHaveURL(/\/tickets$/);
});
