/**
 * A person's path through the kanban board (business-areas §2.6, §4 "Tag and
 * kanban"): an admin drags a waiting customer's card from 'open' to a lane
 * while an agent of the ticket's queue watches it move on their own board,
 * live; a new customer arrives on both boards, and stays in 'open' when given
 * a tag that is not a lane; the agent moves the card back with the keyboard.
 */
import type { Browser, Locator, Page } from "@playwright/test";
import { cloudConnection, customerWrites } from "./harness/cloud-connection.js";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { apiAsPage, logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi, type Person } from "./harness/people.js";

type Api = Awaited<ReturnType<typeof apiAs>>;
const shots = process.env.PW_SHOTS_DIR;

const lane = (page: Page, id: string | number) => page.getByTestId(`kanban-lane-${id}`);
const card = (scope: Page | Locator, ticketId: number) => scope.getByTestId(`kanban-card-${ticketId}`);

/** Someone signed in, in a browser of their own, on /kanban through the menu. */
async function boardOf(browser: Browser, person: Person) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("menu-item-kanban").click();
  await expect(page).toHaveURL(/\/kanban$/);
  return { page, close: () => context.close() };
}

/** The waiting ticket a customer's message opened, put in a queue by the admin (no bot routes yet). */
async function routeTo(api: Api, number: string, queueId: number): Promise<number> {
  const list = await api<{ tickets: { id: number; contact: { number: string } }[] }>(
    "GET",
    "/tickets?status=pending&showAll=true",
    undefined,
  );
  const ticket = list.tickets.find((x) => x.contact.number === number);
  if (!ticket) throw new Error(`no waiting ticket for ${number}`);
  await api("PUT", `/tickets/${ticket.id}`, { queueId, status: "pending" });
  return ticket.id;
}

/** A mouse drag as a person makes it: press, a few small moves past the drag threshold, across, release. */
async function drag(page: Page, from: Locator, to: Locator) {
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + 20);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + 25, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + 80, { steps: 20 });
  await page.mouse.move(end.x + end.width / 2, end.y + 90, { steps: 5 });
  await page.mouse.up();
}

test("a card dragged to a lane moves on another user's board live", async ({ baseURL, browser }) => {
  const admin = newPerson("kanban");
  await signUpByApi(baseURL!, admin);
  const api = await apiAs(baseURL!, admin);
  const vendas = await api("POST", "/queue", { name: "Vendas", color: "#1e88e5" });
  const proposta = await api("POST", "/tags", { name: "Proposta", color: "#8e24aa", kanban: 1 });
  await api("POST", "/tags", { name: "Fechado", color: "#43a047", kanban: 1 });
  const ana = newPerson("ana-kanban");
  await api("POST", "/users", {
    name: "Ana Vendas",
    email: ana.email,
    password: ana.password,
    profile: "user",
    queueIds: [vendas.id],
  });
  const cloud = await cloudConnection(baseURL!, api);
  const maria = { number: "5511977771001", name: "Maria Quadro" };
  await customerWrites(cloud, maria, "Quero um orçamento");
  const mariaTicket = await routeTo(api, maria.number, vendas.id);

  const adminBoard = await boardOf(browser, admin);
  const anaBoard = await boardOf(browser, ana);
  for (const { page } of [adminBoard, anaBoard]) {
    await expect(lane(page, "lane0")).toContainText(t("pt", "kanban.lanes.open"));
    await expect(card(lane(page, "lane0"), mariaTicket)).toContainText(maria.name);
    await expect(card(lane(page, "lane0"), mariaTicket)).toContainText("Quero um orçamento");
    await expect(card(lane(page, "lane0"), mariaTicket)).toContainText(
      t("pt", "kanban.card.ticket", { id: mariaTicket }),
    );
    await expect(lane(page, proposta.id).getByTestId("kanban-lane-count")).toHaveText("0");
  }
  // Lanes: 'open' first, then the kanban tags by name, each in its colour.
  await expect(adminBoard.page.getByTestId("kanban-lane-title")).toHaveText([
    t("pt", "kanban.lanes.open"),
    "Fechado",
    "Proposta",
  ]);
  await expect(lane(adminBoard.page, proposta.id).getByTestId("kanban-lane-count")).toHaveCSS(
    "background-color",
    "rgb(142, 36, 170)",
  );
  // The admin's browser session replaced the one the set-up signed in with.
  const adminApi = apiAsPage(baseURL!, adminBoard.page);

  // The admin drags Maria's card to Proposta.
  await drag(adminBoard.page, card(adminBoard.page, mariaTicket), lane(adminBoard.page, proposta.id));
  await expect(
    adminBoard.page.getByText(t("pt", "kanban.toasts.moved", { id: mariaTicket, lane: "Proposta" })).first(),
  ).toBeVisible();
  for (const { page } of [adminBoard, anaBoard]) {
    await expect(card(lane(page, proposta.id), mariaTicket)).toBeVisible();
    await expect(card(lane(page, "lane0"), mariaTicket)).toHaveCount(0);
    await expect(lane(page, proposta.id).getByTestId("kanban-lane-count")).toHaveText("1");
    await expect(lane(page, "lane0").getByTestId("kanban-lane-count")).toHaveText("0");
  }
  // The server keeps it: the ticket carries Proposta alone.
  const shown = await adminApi<{ tags: { name: string }[] }>("GET", `/tickets/${mariaTicket}`, undefined);
  expect(shown.tags.map((x) => x.name)).toEqual(["Proposta"]);

  // A new customer of the queue arrives on both boards without a reload.
  const joao = { number: "5511977771002", name: "João Novo" };
  await customerWrites(cloud, joao, "Bom dia");
  const joaoTicket = await routeTo(adminApi, joao.number, vendas.id);
  for (const { page } of [adminBoard, anaBoard]) {
    await expect(card(lane(page, "lane0"), joaoTicket)).toContainText(joao.name);
  }

  // A tag that is not a lane does not hide João: his card stays in 'open', showing the tag.
  const vip = await adminApi("POST", "/tags", { name: "Cliente VIP", color: "#f4511e", kanban: 0 });
  await adminApi("POST", "/tags/sync", { ticketId: joaoTicket, tags: [{ id: vip.id }] });
  for (const { page } of [adminBoard, anaBoard]) {
    await expect(card(lane(page, "lane0"), joaoTicket).getByTestId("kanban-card-tags")).toHaveText("Cliente VIP");
  }
  await anaBoard.page.reload();
  await expect(card(lane(anaBoard.page, "lane0"), joaoTicket)).toContainText(joao.name);
  await expect(card(lane(anaBoard.page, "lane0"), joaoTicket).getByTestId("kanban-card-tags")).toHaveText(
    "Cliente VIP",
  );
  if (shots) await adminBoard.page.screenshot({ path: `${shots}/kanban-admin.png` });

  // Ana moves Maria back to 'open' with the keyboard: lift, one lane left … to the first, drop.
  await card(anaBoard.page, mariaTicket).focus();
  await anaBoard.page.keyboard.press("Space");
  await anaBoard.page.keyboard.press("ArrowLeft");
  await anaBoard.page.keyboard.press("ArrowLeft");
  await anaBoard.page.keyboard.press("Space");
  for (const { page } of [anaBoard, adminBoard]) {
    await expect(card(lane(page, "lane0"), mariaTicket)).toBeVisible();
    await expect(lane(page, proposta.id).getByTestId("kanban-lane-count")).toHaveText("0");
  }
  await expect
    .poll(async () => (await adminApi<{ tags: unknown[] }>("GET", `/tickets/${mariaTicket}`, undefined)).tags)
    .toEqual([]);

  await adminBoard.close();
  await anaBoard.close();
});
