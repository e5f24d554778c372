/**
 * The visual flow builder end to end (issue 18 items 2 and 7): an admin opens a flow,
 * adds start → content (a text message) → question → menu → ticket blocks through their
 * dialogs, connects them by dragging from each output to the next input, saves, reloads
 * and finds the same graph; the warning panel names the menu option left open; leaving
 * with unsaved changes asks first; and "Testar fluxo" answers as the saved flow would.
 */
import { expect, test } from "./harness/fixtures.js";
import { card, drawFlow, type SavedGraph } from "./harness/flow-builder.js";
import { t } from "./harness/i18n.js";
import { apiAsPage, logIn } from "./harness/pages.js";
import { newPerson, signUpByApi } from "./harness/people.js";

const shots = "test-results/flowbuilder";
test.use({ viewport: { width: 1600, height: 900 } });

test("an admin draws start → message → question → menu → ticket, saves, reloads and sees the same graph", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const admin = newPerson("flowbuilder");
  await signUpByApi(baseURL!, admin);
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  const api = apiAsPage(baseURL!, page);
  await api("POST", "/queue", { name: "Pizzaria", color: "#1273de", greetingMessage: "" });
  const flow = await api<{ id: number }>("POST", "/flowbuilder", { name: "Atendimento da pizzaria" });
  // Left over from another flow: the builder rebuilds the list from this flow's questions.
  await page.evaluate(() => localStorage.setItem("variables", JSON.stringify(["antiga"])));

  // The first load is held a moment on its way, so the spinner it shows is there to see.
  const held = `**/api/flowbuilder/flow/${flow.id}`;
  await page.route(held, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(`/flowbuilder/${flow.id}`);
  await expect(page.getByTestId("flow-loading")).toBeVisible();
  await expect(card(page, "start")).toBeVisible();
  await expect(page.getByTestId("flow-loading")).toHaveCount(0);
  await page.unroute(held);
  await expect(page.getByTestId("flow-builder-title")).toHaveText(t("pt", "flowBuilder.title"));
  await expect(page.getByText(t("pt", "flowBuilder.reminder"))).toBeVisible();
  // An empty flow: the start block alone, and the variables list empty.
  await expect(card(page, "start")).toContainText(t("pt", "flowBuilder.card.start"));
  expect(await page.evaluate(() => localStorage.getItem("variables"))).toBe("[]");
  await page.screenshot({ path: `${shots}/1-empty.png` });

  // The add menu in §2's order, condition after Pergunta.
  await page.getByTestId("flow-add-block").click();
  await expect(page.getByTestId("flow-add-block-menu").getByRole("menuitem")).toHaveText(
    [
      "start",
      "singleBlock",
      "menu",
      "randomizer",
      "interval",
      "ticket",
      "typebot",
      "openai",
      "question",
      "condition",
    ].map((type) => t("pt", `flowBuilder.nodes.${type}`)),
  );
  await page.screenshot({ path: `${shots}/2-add-menu.png` });
  await page.keyboard.press("Escape");

  await drawFlow(page);
  // Option 1 leads nowhere yet: the warning panel says so (and does not stop the save).
  await expect(page.getByTestId("flow-warnings")).toContainText("[1] Pizza");
  await page.screenshot({ path: `${shots}/3-drawn.png` });

  await page.getByTestId("flow-save").click();
  await expect(page.getByText(t("pt", "flowBuilder.saved"))).toBeVisible();

  const saved = await api<{ flow: { flow: SavedGraph } }>("GET", `/flowbuilder/flow/${flow.id}`, undefined);
  const graph = saved.flow.flow;
  const idOf = (type: string) => graph.nodes.find((n) => n.type === type)!.id;
  expect(graph.nodes.map((n) => n.type).sort()).toEqual(["menu", "question", "singleBlock", "start", "ticket"]);
  expect(idOf("start")).toBe("1");
  for (const type of ["singleBlock", "question", "menu", "ticket"]) expect(idOf(type)).toMatch(/^[A-Za-z0-9]{30}$/);
  expect(graph.connections.map((c) => [c.source, c.sourceHandle, c.target, c.type]).sort()).toEqual(
    [
      ["1", "a", idOf("singleBlock"), "buttonedge"],
      [idOf("singleBlock"), "a", idOf("question"), "buttonedge"],
      [idOf("question"), "a", idOf("menu"), "buttonedge"],
      [idOf("menu"), "a2", idOf("ticket"), "buttonedge"],
    ].sort(),
  );

  // "Testar fluxo": the saved flow answers the admin typing as the customer.
  await page.getByTestId("flow-simulate").click();
  const sim = page.getByTestId("flow-simulator");
  await expect(sim).toContainText(t("pt", "flowBuilder.simulator.hint"));
  await expect(sim.getByTestId("sim-reply")).toHaveText(["Olá! Bem-vindo à Pizzaria Balcão.", "Qual é o seu nome?"]);
  await expect(page.locator(`.react-flow__node[data-id="${idOf("question")}"]`)).toHaveClass(/flow-node-waiting/);
  await sim.getByTestId("sim-input").fill("Paulo");
  await sim.getByTestId("sim-send").click();
  await expect(sim.getByTestId("sim-customer")).toHaveText(["Paulo"]);
  await expect(sim.getByTestId("sim-reply").nth(2)).toContainText("Paulo, o que deseja?");
  await expect(sim.getByTestId("sim-reply").nth(2)).toContainText("Falar com atendente");
  await expect(page.locator(`.react-flow__node[data-id="${idOf("menu")}"]`)).toHaveClass(/flow-node-waiting/);
  await sim.getByTestId("sim-input").fill("2");
  await sim.getByTestId("sim-input").press("Enter");
  await expect(sim.getByTestId("sim-reply")).toHaveCount(4);
  await expect(sim.getByTestId("sim-reply").nth(3)).toHaveText(
    t("pt", "flowBuilder.simulator.handoff", { body: "Pizzaria" }),
  );
  await expect(sim.getByTestId("sim-status")).toHaveText(t("pt", "flowBuilder.simulator.ended"));
  await expect(page.locator(".flow-node-waiting")).toHaveCount(0);
  await page.screenshot({ path: `${shots}/3b-simulator.png` });
  await sim.getByTestId("sim-close").click();

  await page.reload();
  await expect(card(page, "ticket")).toContainText("Pizzaria");
  await expect(page.locator(".react-flow__edge")).toHaveCount(4);
  await expect(card(page, "menu")).toContainText("[2] Falar com atendente");
  expect(await page.evaluate(() => localStorage.getItem("variables"))).toBe('["nome"]');
  const again = await api<{ flow: { flow: SavedGraph } }>("GET", `/flowbuilder/flow/${flow.id}`, undefined);
  expect(again.flow.flow.nodes.map((n) => [n.id, n.type, n.position])).toEqual(
    graph.nodes.map((n) => [n.id, n.type, n.position]),
  );
  await page.screenshot({ path: `${shots}/4-reloaded.png` });

  // Saved: leaving asks nothing. Deleting the ticket block takes its edge with it, and
  // leaving then asks first: staying keeps the drawing, leaving goes.
  await page.getByTestId("menu-item-tickets").click();
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goBack();
  await card(page, "ticket").getByTestId("flow-node-delete").click();
  await expect(card(page, "ticket")).toHaveCount(0);
  await expect(page.locator(".react-flow__edge")).toHaveCount(3);
  await page.getByTestId("menu-item-tickets").click();
  await expect(page.getByTestId("flow-leave-prompt")).toBeVisible();
  await page.screenshot({ path: `${shots}/5-leave-prompt.png` });
  await page.getByTestId("flow-leave-stay").click();
  await expect(page).toHaveURL(new RegExp(`/flowbuilder/${flow.id}$`));
  await expect(card(page, "menu")).toBeVisible();
  await page.getByTestId("menu-item-tickets").click();
  await page.getByTestId("flow-leave-confirm").click();
  await expect(page).toHaveURL(/\/tickets$/);
});

test("an admin edits a block, duplicates one, deletes it with the Delete key, and sees the block a save refused", async ({
  page,
  baseURL,
}) => {
  const admin = newPerson("flowbuilder-edit");
  await signUpByApi(baseURL!, admin);
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  const api = apiAsPage(baseURL!, page);
  const queue = await api<{ id: number; name: string }>("POST", "/queue", {
    name: "Suporte",
    color: "#1273de",
    greetingMessage: "",
  });
  const flow = await api<{ id: number }>("POST", "/flowbuilder", { name: "Suporte" });
  const q = "Q".repeat(30);
  const tk = "T".repeat(30);
  await api("POST", "/flowbuilder/flow", {
    idFlow: flow.id,
    nodes: [
      { id: "1", type: "start", position: { x: 250, y: 100 }, data: { label: "Inicio do fluxo" } },
      {
        id: q,
        type: "question",
        position: { x: 530, y: 100 },
        data: { typebotIntegration: { message: "Seu nome?", answerKey: "nome" } },
      },
      { id: tk, type: "ticket", position: { x: 810, y: 100 }, data: { queue: { id: queue.id, name: queue.name } } },
    ],
    connections: [
      { id: "e1", source: "1", target: q, sourceHandle: "a", targetHandle: null, type: "buttonedge" },
      { id: "e2", source: q, target: tk, sourceHandle: "a", targetHandle: null, type: "buttonedge" },
    ],
  });

  await page.goto(`/flowbuilder/${flow.id}`);
  await expect(card(page, "question")).toContainText("Seu nome?");
  expect(await page.evaluate(() => localStorage.getItem("variables"))).toBe('["nome"]');

  // A double-click opens the block's dialog in edit mode; the new answer key replaces the old one.
  await card(page, "question").dblclick();
  const dialog = page.getByTestId("flow-dialog-question");
  await expect(dialog.getByTestId("flow-question-answerkey")).toHaveValue("nome");
  await dialog.getByTestId("flow-question-answerkey").fill("cliente");
  await dialog.getByTestId("flow-dialog-save").click();
  await expect(card(page, "question")).toContainText("{{cliente}}");
  expect(await page.evaluate(() => localStorage.getItem("variables"))).toBe('["cliente"]');

  // Duplicate: a second question card, grey; selected and Delete removes it again.
  await card(page, "question").getByTestId("flow-node-duplicate").click();
  await expect(card(page, "question")).toHaveCount(2);
  const copy = page.locator(".react-flow__node-question").nth(1);
  await expect(copy).toHaveCSS("background-color", "rgb(85, 85, 85)");
  await copy.click();
  await page.keyboard.press("Delete");
  await expect(card(page, "question")).toHaveCount(1);
  await expect(page.locator(".react-flow__edge")).toHaveCount(2);
  // An edge's own button removes just that edge.
  await page.getByTestId("flow-edge-delete").first().click();
  await expect(page.locator(".react-flow__edge")).toHaveCount(1);
  await expect(card(page, "question")).toHaveCount(1);

  // The queue the ticket block names is deleted meanwhile: the save is refused and that block is marked.
  const removed = await page.evaluate(async (path) => {
    const token = JSON.parse(localStorage.getItem("token") ?? '""') as string;
    return (await fetch(`/api${path}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } })).status;
  }, `/queue/${queue.id}`);
  expect(removed).toBe(200);
  await page.getByTestId("flow-save").click();
  await expect(page.locator(".Toastify__toast--error")).toBeVisible();
  await expect(page.locator(`.react-flow__node[data-id="${tk}"]`)).toHaveClass(/flow-node-refused/);
  await expect(page.getByTestId("flow-warnings")).toContainText(
    t("pt", "flowBuilder.warnings.refused", { node: 'Ticket "Suporte"' }),
  );
  await page.screenshot({ path: `${shots}/6-refused.png` });
  const saved = await api<{ flow: { flow: SavedGraph } }>("GET", `/flowbuilder/flow/${flow.id}`, undefined);
  expect(saved.flow.flow.nodes.find((n) => n.id === q)!.data).toEqual({
    typebotIntegration: { message: "Seu nome?", answerKey: "nome" },
  });
});
