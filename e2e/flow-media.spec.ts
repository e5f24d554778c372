/**
 * The flow builder's media blocks (issue 18 item 2; automation-areas §5 media limits, §7 "Flow
 * media", §8 toasts): they load stored files signed in, refuse too-large files, and send a new
 * image compressed at 0.7. Screenshots go to test-results/flow-media.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./harness/fixtures.js";
import { card } from "./harness/flow-builder.js";
import {
  dialog,
  drawnImage,
  mp4Bytes,
  oggBytes,
  openCard,
  pt,
  signedInBuilder,
  toast,
  upload,
  type SavedNode,
} from "./harness/flow-dialogs.js";
import { t } from "./harness/i18n.js";
import { storedToken } from "./harness/pages.js";

const shots = "test-results/flow-media";
test.use({ viewport: { width: 1400, height: 900 } });

async function shoot(page: Page, box: Locator, name: string) {
  await box.screenshot({ path: `${shots}/${name}.png` });
}

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
