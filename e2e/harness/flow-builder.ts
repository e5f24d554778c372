/**
 * Steps on the visual flow builder, as an admin takes them (flowbuilder.spec.ts, flow-run.spec.ts):
 * blocks added through the add menu and their dialogs, connected by dragging handle to handle.
 */
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.js";

/** The graph as GET /flowbuilder/flow/:id returns it. */
export interface SavedGraph {
  nodes: { id: string; type: string; position: { x: number; y: number }; data: Record<string, unknown> }[];
  connections: {
    source: string;
    target: string;
    sourceHandle: string | null;
    targetHandle: string | null;
    type?: string;
  }[];
}

export const card = (page: Page, type: string) => page.getByTestId(`flow-node-${type}`);

/** Opens the add-block menu and picks `type`. */
export async function addBlock(page: Page, type: string) {
  await page.getByTestId("flow-add-block").click();
  await page.getByTestId(`flow-add-${type}`).click();
}

/** Drags from an output handle to an input handle, as a person connects two blocks. */
/**
 * Drags an edge from one handle to another, as a person does, until the edge is drawn: a drag begun
 * while the canvas still moves (fit view, a card settling) misses its handle, and a person drags again.
 */
export async function connect(page: Page, from: Locator, to: Locator) {
  const edges = page.locator(".react-flow__edge");
  const before = await edges.count();
  await expect(async () => {
    await page.locator(".react-flow__controls-fitview").click();
    const a = (await from.boundingBox())!;
    const b = (await to.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => edges.count(), { timeout: 2000 }).toBeGreaterThan(before);
  }).toPass({ timeout: 15_000 });
}

export const output = (block: Locator, handle = "a") =>
  block.locator(`.react-flow__handle.source[data-handleid="${handle}"]`);
export const input = (block: Locator) => block.locator(".react-flow__handle.target");

/**
 * The blocks of issue 18's path, each through its dialog: start → a text message → question
 * (answer key `nome`) → menu ([1] Pizza, [2] Falar com atendente, greeting the customer by
 * {{nome}}) → ticket to the "Pizzaria" queue, which must exist; option 2 leads to the ticket.
 */
export async function drawFlow(page: Page) {
  // The empty flow already has its start block; adding one replaces it (still one).
  await addBlock(page, "start");
  await expect(card(page, "start")).toHaveCount(1);

  await addBlock(page, "singleBlock");
  const content = page.getByTestId("flow-dialog-singleBlock");
  await content.getByTestId("flow-content-add-message").click();
  await content.getByTestId("flow-content-text-message0").fill("Olá! Bem-vindo à Pizzaria Balcão.");
  await content.getByTestId("flow-dialog-save").click();
  await expect(card(page, "singleBlock")).toContainText("Bem-vindo à Pizzaria Balcão");

  await addBlock(page, "question");
  const question = page.getByTestId("flow-dialog-question");
  await question.getByTestId("flow-question-message").fill("Qual é o seu nome?");
  await question.getByTestId("flow-question-answerkey").fill("nome");
  await question.getByTestId("flow-dialog-save").click();
  await expect(card(page, "question")).toContainText("Qual é o seu nome?");
  // The answer key joins the variables the dialogs list (browser key `variables`).
  expect(await page.evaluate(() => localStorage.getItem("variables"))).toBe('["nome"]');

  await addBlock(page, "menu");
  const menu = page.getByTestId("flow-dialog-menu");
  await menu.getByTestId("flow-menu-message").fill("{{nome}}, o que deseja?");
  await menu.getByTestId("flow-menu-option-1").fill("Pizza");
  await menu.getByTestId("flow-menu-add").click();
  await menu.getByTestId("flow-menu-option-2").fill("Falar com atendente");
  await menu.getByTestId("flow-dialog-save").click();
  await expect(card(page, "menu")).toContainText("[1] Pizza");
  await expect(card(page, "menu")).toContainText("[2] Falar com atendente");

  await addBlock(page, "ticket");
  const ticket = page.getByTestId("flow-dialog-ticket");
  await ticket.getByTestId("flow-ticket-queue").selectOption({ label: "Pizzaria" });
  await ticket.getByTestId("flow-dialog-save").click();
  await expect(card(page, "ticket")).toContainText("Pizzaria");

  // A new block goes right of the last one, at the same height.
  const boxes = await Promise.all(
    ["start", "singleBlock", "question", "menu", "ticket"].map((type) => card(page, type).boundingBox()),
  );
  for (let i = 1; i < boxes.length; i++) {
    expect(boxes[i]!.x).toBeGreaterThan(boxes[i - 1]!.x + boxes[i - 1]!.width);
    expect(Math.round(boxes[i]!.y)).toBe(Math.round(boxes[1]!.y));
  }

  await connect(page, output(card(page, "start")), input(card(page, "singleBlock")));
  await connect(page, output(card(page, "singleBlock")), input(card(page, "question")));
  await connect(page, output(card(page, "question")), input(card(page, "menu")));
  await connect(page, output(card(page, "menu"), "a2"), input(card(page, "ticket")));
  await expect(page.locator(".react-flow__edge")).toHaveCount(4);
}
