/**
 * The flow builder's cards and loading (issue 18 item 2; automation-areas §2 "Node cards"): every card
 * shows what §2's table says with its outputs, and a flow that does not load sends the admin back to the
 * list. Screenshots go to test-results/flowbuilder.
 */
import { expect, test } from "./harness/fixtures.js";
import { card } from "./harness/flow-builder.js";
import { t } from "./harness/i18n.js";
import { apiAsPage, logIn } from "./harness/pages.js";
import { newPerson, signUpByApi } from "./harness/people.js";

const shots = "test-results/flowbuilder";
test.use({ viewport: { width: 1600, height: 900 } });

test("every card shows what §2's table says, with its outputs", async ({ page, baseURL }) => {
  const admin = newPerson("flowbuilder-cards");
  await signUpByApi(baseURL!, admin);
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  const api = apiAsPage(baseURL!, page);
  const flow = await api<{ id: number }>("POST", "/flowbuilder", { name: "Cartões" });
  const id = (c: string) => c.repeat(30);
  const node = (nodeId: string, type: string, x: number, y: number, data: Record<string, unknown>) => ({
    id: nodeId,
    type,
    position: { x, y },
    data,
  });
  await api("POST", "/flowbuilder/flow", {
    idFlow: flow.id,
    nodes: [
      node("1", "start", 0, 0, { label: "Inicio do fluxo" }),
      node(id("m"), "message", 300, 0, { label: "Bom dia!" }),
      node(id("i"), "interval", 600, 0, { sec: 15, label: "Intervalo 15 seg." }),
      node(id("r"), "randomizer", 900, 0, { percent: 30 }),
      node(id("c"), "singleBlock", 0, 250, {
        seq: ["message0", "interval0"],
        elements: [
          { type: "message", value: "Veja o cardápio", number: "message0" },
          { type: "interval", value: "5", number: "interval0" },
        ],
      }),
      node(id("t"), "typebot", 300, 250, {
        typebotIntegration: {
          name: "Robô",
          projectName: "Robô",
          urlN8N: "http://127.0.0.1:9/typebot",
          typebotSlug: "robo",
        },
      }),
      node(id("o"), "openai", 600, 250, {
        typebotIntegration: {
          name: "IA",
          projectName: "IA",
          apiKey: "sk-card-0123456789",
          prompt: "Você atende uma pizzaria.",
        },
      }),
      node(id("k"), "condition", 900, 250, { key: "nome", condition: "equals", value: "Paulo" }),
    ],
    connections: [],
  });

  await page.goto(`/flowbuilder/${flow.id}`);
  await expect(card(page, "message")).toContainText("Bom dia!");
  await expect(card(page, "interval")).toContainText(t("pt", "flowBuilder.card.seconds", { sec: 15 }));
  await expect(card(page, "randomizer")).toContainText("30%");
  await expect(card(page, "randomizer")).toContainText("70%");
  await expect(card(page, "singleBlock")).toContainText("Veja o cardápio");
  await expect(card(page, "singleBlock")).toContainText(t("pt", "flowBuilder.card.seconds", { sec: 5 }));
  await expect(card(page, "condition")).toContainText(`{{nome}} ${t("pt", "flowBuilder.operators.equals")} "Paulo"`);
  // Outputs: one for most, two named ones for the randomizer and the condition, none for the hand-offs.
  const outputs = (type: string) => card(page, type).locator(".react-flow__handle.source");
  await expect(outputs("start")).toHaveCount(1);
  await expect(card(page, "start").locator(".react-flow__handle.target")).toHaveCount(0);
  for (const type of ["message", "interval", "singleBlock"]) await expect(outputs(type)).toHaveCount(1);
  for (const type of ["typebot", "openai"]) {
    await expect(outputs(type)).toHaveCount(0);
    await expect(card(page, type).locator(".react-flow__handle.target")).toHaveCount(1);
  }
  expect(await outputs("randomizer").evaluateAll((els) => els.map((e) => e.getAttribute("data-handleid")))).toEqual([
    "a",
    "b",
  ]);
  expect(await outputs("condition").evaluateAll((els) => els.map((e) => e.getAttribute("data-handleid")))).toEqual([
    "true",
    "false",
  ]);
  // Nothing is connected: every block but the start is unreachable, and each branch is open.
  // A list that long starts folded, so it does not cover the drawing.
  await expect(page.getByTestId("flow-warnings")).toContainText(t("pt", "flowBuilder.warnings.title", { count: 11 }));
  await expect(page.getByTestId("flow-warning")).toHaveCount(0);
  await page.screenshot({ path: `${shots}/7-cards.png` });
  await page.getByTestId("flow-warnings-toggle").click();
  await expect(page.getByTestId("flow-warning")).toHaveCount(7 + 2 + 2);
  await page.screenshot({ path: `${shots}/8-warnings.png` });
});

test("a flow that does not load sends the admin back to the list with the error toast", async ({ page, baseURL }) => {
  const admin = newPerson("flowbuilder-missing");
  await signUpByApi(baseURL!, admin);
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/flowbuilder/999999999");
  await expect(page).toHaveURL(/\/flowbuilders$/);
  await expect(page.locator(".Toastify__toast--error")).toBeVisible();
  await page.goto("/flowbuilder");
  await expect(page).toHaveURL(/\/flowbuilders$/);
});
