/**
 * Realtime follows ticket visibility (issue 10): two agents of different
 * queues work side by side; each sees only their own queue's tickets arrive
 * live, and the other's customers never reach their browser, not even inside
 * the socket's frames.
 */
import type { Browser, Page } from "@playwright/test";
import { cloudConnection, customerWrites } from "./harness/cloud-connection.js";
import { expect, test } from "./harness/fixtures.js";
import { logIn } from "./harness/pages.js";
import { apiAs, newPerson, signUpByApi, type Person } from "./harness/people.js";

type Api = Awaited<ReturnType<typeof apiAs>>;

/** An agent signed in on the Waiting tab, with every socket frame their browser received kept. */
async function agentDesk(browser: Browser, person: Person) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const frames: string[] = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(String(f.payload))));
  await logIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("tab-waiting").click();
  return { page, frames, close: () => context.close() };
}

const item = (page: Page, name: string) => page.locator('[data-testid^="ticket-item-"]').filter({ hasText: name });

/** The waiting ticket of a customer's number, put in a queue by the admin (no bot routes yet). */
async function routeTo(api: Api, number: string, queueId: number) {
  const list = (await api("GET", "/tickets?status=pending&showAll=true", undefined)) as unknown as {
    tickets: { id: number; contact: { number: string } }[];
  };
  const ticket = list.tickets.find((t) => t.contact.number === number);
  if (!ticket) throw new Error(`no waiting ticket for ${number}`);
  await api("PUT", `/tickets/${ticket.id}`, { queueId, status: "pending" });
}

test("two agents of different queues each see only their own queue's customers, live", async ({ baseURL, browser }) => {
  const admin = newPerson("visibility");
  await signUpByApi(baseURL!, admin);
  const api = await apiAs(baseURL!, admin);
  const vendas = await api("POST", "/queue", { name: "Vendas", color: "#1e88e5" });
  const suporte = await api("POST", "/queue", { name: "Suporte", color: "#43a047" });
  const ana = newPerson("ana");
  const bruno = newPerson("bruno");
  for (const [person, name, queue] of [
    [ana, "Ana Vendas", vendas],
    [bruno, "Bruno Suporte", suporte],
  ] as const) {
    await api("POST", "/users", {
      name,
      email: person.email,
      password: person.password,
      profile: "user",
      queueIds: [queue.id],
    });
  }
  const cloud = await cloudConnection(baseURL!, api);
  const maria = { number: "5511977770001", name: "Maria Compradora" };
  const joao = { number: "5511977770002", name: "João Com Defeito" };
  await customerWrites(cloud, maria, "Olá");
  await customerWrites(cloud, joao, "Olá");
  await routeTo(api, maria.number, vendas.id);
  await routeTo(api, joao.number, suporte.id);

  const anaDesk = await agentDesk(browser, ana);
  const brunoDesk = await agentDesk(browser, bruno);
  await expect(item(anaDesk.page, maria.name)).toBeVisible();
  await expect(item(brunoDesk.page, joao.name)).toBeVisible();

  await customerWrites(cloud, maria, "Quero o modelo azul, tamanho 42");
  await customerWrites(cloud, joao, "Meu pedido chegou quebrado");

  // Each agent's list shows their own customer's new message without a reload.
  await expect(item(anaDesk.page, maria.name).getByTestId("ticket-last-message")).toHaveText(
    "Quero o modelo azul, tamanho 42",
  );
  await expect(item(brunoDesk.page, joao.name).getByTestId("ticket-last-message")).toHaveText(
    "Meu pedido chegou quebrado",
  );
  // The other queue's customer is on neither the screen nor the wire.
  await expect(item(anaDesk.page, joao.name)).toHaveCount(0);
  await expect(item(brunoDesk.page, maria.name)).toHaveCount(0);
  expect(anaDesk.frames.join("\n")).not.toContain("Meu pedido chegou quebrado");
  expect(brunoDesk.frames.join("\n")).not.toContain("modelo azul");
  expect(anaDesk.frames.join("\n")).toContain("modelo azul");

  await anaDesk.close();
  await brunoDesk.close();
});
