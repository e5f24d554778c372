/**
 * The flow builder's block dialogs (issue 18 item 2; automation-areas §2 "Block dialogs", §5,
 * §8 toasts): each dialog opened from the add menu shows its title and refuses what §5 refuses
 * with its message; what they save is a graph the server accepts. Screenshots of every dialog go
 * to test-results/flow-dialogs.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./harness/fixtures.js";
import { card } from "./harness/flow-builder.js";
import {
  addBlockDialog,
  dialog,
  drawnImage,
  openCard,
  pt,
  signedInBuilder,
  toast,
  type SavedNode,
} from "./harness/flow-dialogs.js";
import { t } from "./harness/i18n.js";

const shots = "test-results/flow-dialogs";
test.use({ viewport: { width: 1400, height: 900 } });

async function shoot(page: Page, box: Locator, name: string) {
  await box.screenshot({ path: `${shots}/${name}.png` });
}

test("every block dialog checks its rules and saves data the server accepts", async ({ page, baseURL }) => {
  test.slow();
  const { api, flow } = await signedInBuilder(page, baseURL!, "flow-dialogs");
  await api("POST", "/queue", { name: "Suporte", color: "#1273de", greetingMessage: "" });
  await page.goto(`/flowbuilder/${flow.id}`);
  await expect(card(page, "start")).toBeVisible();

  // Question first: its answer key becomes a variable the other dialogs list.
  await addBlockDialog(page, "question");
  const question = dialog(page, "question");
  await expect(question).toContainText(pt("question.title.add"));
  await question.getByTestId("flow-question-message").fill("Qual é o seu nome?");
  await question.getByTestId("flow-question-answerkey").fill("name");
  await question.getByTestId("flow-dialog-save").click();
  await expect(question).toContainText(pt("errors.answerKeyReserved"));
  await question.getByTestId("flow-question-answerkey").fill("nome cliente");
  await question.getByTestId("flow-dialog-save").click();
  await expect(question).toContainText(pt("errors.answerKeyFormat"));
  await shoot(page, question, "question");
  await question.getByTestId("flow-question-answerkey").fill("nome");
  await question.getByTestId("flow-dialog-save").click();
  await expect(question).toBeHidden();

  await addBlockDialog(page, "interval");
  const interval = dialog(page, "interval");
  await expect(interval).toContainText(pt("interval.sec"));
  await interval.getByTestId("flow-dialog-save").click();
  await expect(interval).toContainText(pt("errors.intervalEmpty"));
  await interval.getByTestId("flow-interval-sec").fill("121");
  await interval.getByTestId("flow-dialog-save").click();
  await expect(interval).toContainText(pt("errors.intervalMax"));
  await shoot(page, interval, "interval");
  await interval.getByTestId("flow-interval-sec").fill("5");
  await interval.getByTestId("flow-dialog-save").click();
  await expect(interval).toBeHidden();

  await addBlockDialog(page, "randomizer");
  const randomizer = dialog(page, "randomizer");
  await randomizer.getByTestId("flow-dialog-save").click();
  await expect(randomizer).toContainText(pt("errors.intervalEmpty"));
  await randomizer.getByRole("slider").focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await expect(randomizer).toContainText(pt("randomizer.split", { a: 30, b: 70 }));
  await shoot(page, randomizer, "randomizer");
  await randomizer.getByTestId("flow-dialog-save").click();
  await expect(randomizer).toBeHidden();

  await addBlockDialog(page, "menu");
  const menu = dialog(page, "menu");
  await menu.getByTestId("flow-menu-message").fill("{{nome}}, escolha:");
  await menu.getByTestId("flow-menu-option-1").fill("Vendas");
  await menu.getByTestId("flow-menu-add").click();
  await menu.getByTestId("flow-menu-add").click();
  // Only the last option can be removed.
  await expect(menu.getByTestId("flow-menu-remove")).toHaveCount(1);
  await menu.getByTestId("flow-menu-remove").click();
  await expect(menu.getByTestId("flow-menu-option-3")).toHaveCount(0);
  await menu.getByTestId("flow-dialog-save").click();
  await expect(menu).toContainText(pt("errors.required"));
  await menu.getByTestId("flow-menu-option-2").fill("Suporte");
  await expect(menu.getByTestId("flow-dialog-variables")).toContainText("{{nome}}");
  await shoot(page, menu, "menu");
  await menu.getByTestId("flow-dialog-save").click();
  await expect(menu).toBeHidden();

  await addBlockDialog(page, "ticket");
  const ticket = dialog(page, "ticket");
  // Its own title, not the interval dialog's (the §2 defect fixed).
  await expect(ticket).toContainText(pt("ticket.title.add"));
  await ticket.getByTestId("flow-dialog-save").click();
  await expect(ticket).toContainText(pt("errors.queue"));
  await ticket.getByTestId("flow-ticket-queue").selectOption({ label: "Suporte" });
  await shoot(page, ticket, "ticket");
  await ticket.getByTestId("flow-dialog-save").click();
  await expect(ticket).toBeHidden();

  await addBlockDialog(page, "typebot");
  const typebot = dialog(page, "typebot");
  await expect(typebot).toContainText(pt("typebot.title.add"));
  await typebot.getByTestId("flow-dialog-save").click();
  await expect(typebot.getByText(pt("errors.required"))).toHaveCount(3);
  await typebot.getByTestId("flow-typebot-name").fill("Pré-venda");
  await typebot.getByTestId("flow-typebot-url").fill("https://typebot.example.com");
  await typebot.getByTestId("flow-typebot-slug").fill("pre-venda");
  await shoot(page, typebot, "typebot");
  await typebot.getByTestId("flow-dialog-save").click();
  await expect(typebot).toBeHidden();

  await addBlockDialog(page, "openai");
  const openai = dialog(page, "openai");
  await expect(openai.getByTestId("flow-openai-voice").locator("option")).toHaveCount(16);
  await expect(openai.getByTestId("flow-openai-maxtokens")).toHaveValue("100");
  await openai.getByTestId("flow-openai-name").fill("Assistente");
  await openai.getByTestId("flow-openai-apikey").fill("sk-test-123456");
  await expect(openai.getByTestId("flow-openai-apikey")).toHaveAttribute("type", "password");
  await openai.getByTestId("flow-openai-key-toggle").click();
  await expect(openai.getByTestId("flow-openai-apikey")).toHaveAttribute("type", "text");
  await openai.getByTestId("flow-openai-prompt").fill("Você atende a loja. Responda em poucas frases.");
  await openai.getByTestId("flow-openai-voice").selectOption("pt-BR-FranciscaNeural");
  await openai.getByTestId("flow-dialog-save").click();
  await expect(openai.getByText(pt("errors.required"))).toHaveCount(2);
  await shoot(page, openai, "openai");
  await openai.getByTestId("flow-openai-voice").selectOption("texto");
  await openai.getByTestId("flow-dialog-save").click();
  await expect(openai).toBeHidden();

  await addBlockDialog(page, "condition");
  const condition = dialog(page, "condition");
  await condition.getByTestId("flow-condition-key").fill("nome");
  await condition.getByTestId("flow-condition-operator").selectOption("greater");
  await condition.getByTestId("flow-condition-value").fill("muito");
  await condition.getByTestId("flow-dialog-save").click();
  await expect(condition).toContainText(pt("errors.number"));
  await condition.getByTestId("flow-condition-operator").selectOption("empty");
  await expect(condition.getByTestId("flow-condition-value")).toHaveCount(0);
  await shoot(page, condition, "condition");
  await condition.getByTestId("flow-dialog-save").click();
  await expect(condition).toBeHidden();

  await addBlockDialog(page, "singleBlock");
  const content = dialog(page, "singleBlock");
  for (const type of ["message", "interval", "img"]) await content.getByTestId(`flow-content-add-${type}`).click();
  await content.getByTestId("flow-dialog-save").click();
  await expect(toast(page, pt("errors.contentText"))).toBeVisible();
  await content.getByTestId("flow-content-text-message0").fill("Olá {{nome}}! Veja nosso cardápio:");
  await content.getByTestId("flow-content-interval-interval0").fill("0");
  await content.getByTestId("flow-dialog-save").click();
  await expect(toast(page, pt("errors.contentInterval"))).toBeVisible();
  await content.getByTestId("flow-content-interval-interval0").fill("3");
  await content.getByTestId("flow-dialog-save").click();
  await expect(toast(page, pt("errors.contentMedia"))).toBeVisible();
  await content
    .getByTestId("flow-content-file-img0")
    .setInputFiles({ name: "cardapio.png", mimeType: "image/png", buffer: await drawnImage(page, "image/png", 480) });
  await expect(content.getByTestId("flow-media-img")).toBeVisible();
  await shoot(page, content, "content");
  await content.getByTestId("flow-dialog-save").click();
  await expect(content).toContainText(pt("singleBlock.uploading"));
  await expect(toast(page, pt("singleBlock.success"))).toBeVisible();
  await expect(content).toBeHidden();

  await page.getByTestId("flow-save").click();
  await expect(page.getByText(t("pt", "flowBuilder.saved"))).toBeVisible();
  const saved = await api<{ flow: { flow: { nodes: SavedNode[] } } }>("GET", `/flowbuilder/flow/${flow.id}`, undefined);
  const data = (type: string) => saved.flow.flow.nodes.find((n) => n.type === type)!.data;
  expect(data("question")).toEqual({ typebotIntegration: { message: "Qual é o seu nome?", answerKey: "nome" } });
  expect(data("interval")).toEqual({ sec: 5, label: "Intervalo 5 seg." });
  expect(data("randomizer")).toEqual({ percent: 30 });
  expect(data("menu")).toEqual({
    message: "{{nome}}, escolha:",
    arrayOption: [
      { number: 1, value: "Vendas" },
      { number: 2, value: "Suporte" },
    ],
  });
  expect(data("ticket")).toMatchObject({ queue: { name: "Suporte" } });
  expect(data("typebot")).toMatchObject({ typebotIntegration: { name: "Pré-venda", projectName: "Pré-venda" } });
  // The key is stored encrypted and comes back masked, never whole.
  const ai = data("openai").typebotIntegration as Record<string, unknown>;
  expect(ai).toMatchObject({ name: "Assistente", voice: "texto", maxTokens: 100, model: "gpt-3.5-turbo-1106" });
  expect(ai.apiKey).not.toBe("sk-test-123456");
  expect(data("condition")).toEqual({ key: "nome", condition: "empty", value: "" });
  const block = data("singleBlock") as {
    seq: string[];
    elements: { type: string; value: string; original?: string }[];
  };
  expect(block.seq).toEqual(["message0", "interval0", "img0"]);
  expect(block.elements[2]).toMatchObject({ type: "img", original: "cardapio.png" });
  expect(block.elements[2]!.value).toMatch(/\.png$/);

  // Loaded again, the AI block's key is masked, and editing it keeps the mask as it came back.
  await page.reload();
  await openCard(page, "openai");
  await expect(dialog(page, "openai")).toContainText(pt("openai.title.edit"));
  await expect(dialog(page, "openai").getByTestId("flow-openai-apikey")).toHaveValue(ai.apiKey as string);
  await dialog(page, "openai").getByTestId("flow-dialog-cancel").click();

  // The content block reopens with its items in order and its stored image loaded signed in.
  await openCard(page, "singleBlock");
  const reopened = dialog(page, "singleBlock");
  await expect(reopened).toContainText(pt("singleBlock.title.edit"));
  await expect(reopened.getByTestId("flow-content-text-message0")).toHaveValue("Olá {{nome}}! Veja nosso cardápio:");
  await expect(reopened.getByTestId("flow-content-interval-interval0")).toHaveValue("3");
  await expect(reopened.getByTestId("flow-media-img")).toBeVisible();
  await expect(reopened).toContainText(pt("media.chosen", { name: "cardapio.png" }));
  await reopened.getByTestId("flow-dialog-cancel").click();
});
