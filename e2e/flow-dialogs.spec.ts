/**
 * The flow builder's block dialogs (issue 18 item 2; automation-areas §2 "Block dialogs", §5,
 * §7 "Flow media", §8 toasts): each dialog opened from the add menu shows its title and
 * refuses what §5 refuses with its message; what they save is a graph the server accepts.
 * The media blocks load stored files signed in, refuse too-large files, and send a new
 * image compressed at 0.7. Screenshots of every dialog go to test-results/flow-dialogs.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { apiAsPage, logIn, storedToken } from "./harness/pages.js";
import { newPerson, signUpByApi } from "./harness/people.js";

const shots = "test-results/flow-dialogs";
test.use({ viewport: { width: 1400, height: 900 } });

const pt = (key: string, vars?: Record<string, string | number>) => t("pt", `flowDialogs.${key}`, vars);
const card = (page: Page, type: string) => page.getByTestId(`flow-node-${type}`);
const dialog = (page: Page, type: string) => page.getByTestId(`flow-dialog-${type}`);
/** Double-clicks a card's title bar (a player in the card keeps its own clicks). */
const openCard = (page: Page, type: string) => card(page, type).dblclick({ position: { x: 60, y: 10 } });
const toast = (page: Page, text: string) => page.locator(".Toastify__toast").filter({ hasText: text });

async function addBlock(page: Page, type: string) {
  await page.getByTestId("flow-add-block").click();
  await page.getByTestId(`flow-add-${type}`).click();
  await expect(dialog(page, type)).toBeVisible();
}

async function shoot(page: Page, box: Locator, name: string) {
  await box.screenshot({ path: `${shots}/${name}.png` });
}

/** A real image the browser can decode (the dialog compresses it), drawn on a canvas. */
async function drawnImage(page: Page, type: "image/png" | "image/jpeg", width: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ type, width }) => {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = Math.round(width * 0.6);
      const g = canvas.getContext("2d")!;
      for (let x = 0; x < canvas.width; x += 8) {
        for (let y = 0; y < canvas.height; y += 8) {
          g.fillStyle = `hsl(${(x * 7 + y * 3) % 360} 70% ${40 + ((x * y) % 30)}%)`;
          g.fillRect(x, y, 8, 8);
        }
      }
      g.fillStyle = "#fff";
      g.font = "bold 48px sans-serif";
      g.fillText("Balcão", 20, 70);
      return canvas.toDataURL(type, 1).split(",")[1]!;
    },
    { type, width },
  );
  return Buffer.from(base64, "base64");
}

/** An Ogg or MP4 file by its first bytes (what the server checks); not playable, which the dialogs do not need. */
const oggBytes = () => Buffer.concat([Buffer.from("OggS"), Buffer.alloc(2000, 1)]);
const mp4Bytes = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(2000, 2)]);

async function upload(baseURL: string, page: Page, route: string, name: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append("fromMe", "true");
  form.append("medias", new Blob([new Uint8Array(bytes)]), name);
  form.append("body", name);
  const token = JSON.parse((await storedToken(page)) ?? '""') as string;
  const answer = await fetch(`${baseURL}/api${route}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { name: string }).name;
}

async function signedInBuilder(page: Page, baseURL: string, who: string) {
  const admin = newPerson(who);
  await signUpByApi(baseURL, admin);
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  const api = apiAsPage(baseURL, page);
  const flow = await api<{ id: number }>("POST", "/flowbuilder", { name: "Dialogos do fluxo" });
  return { api, flow };
}

interface SavedNode {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

test("every block dialog checks its rules and saves data the server accepts", async ({ page, baseURL }) => {
  test.slow();
  const { api, flow } = await signedInBuilder(page, baseURL!, "flow-dialogs");
  await api("POST", "/queue", { name: "Suporte", color: "#1273de", greetingMessage: "" });
  await page.goto(`/flowbuilder/${flow.id}`);
  await expect(card(page, "start")).toBeVisible();

  // Question first: its answer key becomes a variable the other dialogs list.
  await addBlock(page, "question");
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

  await addBlock(page, "interval");
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

  await addBlock(page, "randomizer");
  const randomizer = dialog(page, "randomizer");
  await randomizer.getByTestId("flow-dialog-save").click();
  await expect(randomizer).toContainText(pt("errors.intervalEmpty"));
  await randomizer.getByRole("slider").focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await expect(randomizer).toContainText(pt("randomizer.split", { a: 30, b: 70 }));
  await shoot(page, randomizer, "randomizer");
  await randomizer.getByTestId("flow-dialog-save").click();
  await expect(randomizer).toBeHidden();

  await addBlock(page, "menu");
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

  await addBlock(page, "ticket");
  const ticket = dialog(page, "ticket");
  // Its own title, not the interval dialog's (the §2 defect fixed).
  await expect(ticket).toContainText(pt("ticket.title.add"));
  await ticket.getByTestId("flow-dialog-save").click();
  await expect(ticket).toContainText(pt("errors.queue"));
  await ticket.getByTestId("flow-ticket-queue").selectOption({ label: "Suporte" });
  await shoot(page, ticket, "ticket");
  await ticket.getByTestId("flow-dialog-save").click();
  await expect(ticket).toBeHidden();

  await addBlock(page, "typebot");
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

  await addBlock(page, "openai");
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

  await addBlock(page, "condition");
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

  await addBlock(page, "singleBlock");
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

test("media blocks play stored files, refuse too-large ones, and send a new image compressed", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const { api, flow } = await signedInBuilder(page, baseURL!, "flow-media");
  await page.goto("/flowbuilders");
  const original = await drawnImage(page, "image/jpeg", 900);
  const img = await upload(baseURL!, page, "/flowbuilder/img", "vitrine.jpg", original);
  const audio = await upload(baseURL!, page, "/flowbuilder/audio", "boas-vindas.ogg", oggBytes());
  const video = await upload(baseURL!, page, "/flowbuilder/audio", "tour.mp4", mp4Bytes());
  const node = (id: string, type: string, x: number, data: Record<string, unknown>) => ({
    id,
    type,
    position: { x, y: 100 },
    data,
  });
  await api("POST", "/flowbuilder/flow", {
    idFlow: flow.id,
    nodes: [
      node("1", "start", 250, { label: "Inicio do fluxo" }),
      node("imgimgimgimgimgimgimgimgimgimg", "img", 600, { url: img }),
      node("audaudaudaudaudaudaudaudaudaud", "audio", 950, { url: audio, record: true }),
      node("vidvidvidvidvidvidvidvidvidvid", "video", 1300, { url: video }),
    ],
    connections: [],
  });

  await page.goto(`/flowbuilder/${flow.id}`);
  // The card's image came through the signed-in file fetch and decoded.
  const cardImage = card(page, "img").getByTestId("flow-media-img");
  await expect(cardImage).toBeVisible();
  expect(await cardImage.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(900);

  await openCard(page, "img");
  const image = dialog(page, "img");
  await expect(image).toContainText(pt("img.title.edit"));
  await expect(image.getByTestId("flow-media-img")).toBeVisible();
  const picker = image.getByTestId("flow-img-file");
  await picker.setInputFiles({ name: "grande.png", mimeType: "image/png", buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expect(toast(page, pt("errors.tooLarge", { mb: 2 }))).toBeVisible();
  await picker.setInputFiles({ name: "anim.gif", mimeType: "image/gif", buffer: Buffer.alloc(10) });
  await expect(toast(page, pt("errors.format", { formats: "png, jpg, jpeg" }))).toBeVisible();
  await picker.setInputFiles({ name: "nova.jpg", mimeType: "image/jpeg", buffer: original });
  await expect(image).toContainText(pt("media.chosen", { name: "nova.jpg" }));
  await shoot(page, image, "img");
  await image.getByTestId("flow-dialog-save").click();
  await expect(toast(page, pt("img.success"))).toBeVisible();
  await expect(image).toBeHidden();

  await openCard(page, "audio");
  const sound = dialog(page, "audio");
  await expect(sound.getByTestId("flow-media-audio")).toBeVisible();
  await expect(sound.getByTestId("flow-audio-record")).toBeChecked();
  await sound.getByTestId("flow-audio-file").setInputFiles({
    name: "longo.mp3",
    mimeType: "audio/mpeg",
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(toast(page, pt("errors.tooLarge", { mb: 5 }))).toBeVisible();
  await shoot(page, sound, "audio");
  await sound.getByTestId("flow-audio-record").uncheck();
  await sound.getByTestId("flow-dialog-save").click();
  await expect(sound).toBeHidden();

  await openCard(page, "video");
  const film = dialog(page, "video");
  await expect(film).toContainText(pt("video.warning"));
  await expect(film.getByTestId("flow-media-video")).toBeVisible();
  await film.getByTestId("flow-video-file").setInputFiles({
    name: "filme.mp4",
    mimeType: "video/mp4",
    buffer: Buffer.alloc(20 * 1024 * 1024 + 1),
  });
  await expect(toast(page, pt("errors.tooLarge", { mb: 20 }))).toBeVisible();
  await shoot(page, film, "video");
  await film.getByTestId("flow-dialog-cancel").click();

  await page.getByTestId("flow-save").click();
  await expect(page.getByText(t("pt", "flowBuilder.saved"))).toBeVisible();
  const saved = await api<{ flow: { flow: { nodes: SavedNode[] } } }>("GET", `/flowbuilder/flow/${flow.id}`, undefined);
  const data = (type: string) => saved.flow.flow.nodes.find((n) => n.type === type)!.data;
  expect(data("img").url).not.toBe(img);
  expect(data("img").url).toMatch(/\.jpg$/);
  // Compressed at 0.7: the stored image is well under the quality-1 original.
  const token = JSON.parse((await storedToken(page)) ?? '""') as string;
  const stored = await fetch(`${baseURL}/api/public/${String(data("img").url)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(stored.status).toBe(200);
  expect((await stored.arrayBuffer()).byteLength).toBeLessThan(original.length * 0.8);
  expect(data("audio")).toEqual({ url: audio, record: false });
  expect(data("video")).toEqual({ url: video });
  await page.screenshot({ path: `${shots}/cards.png` });
});
