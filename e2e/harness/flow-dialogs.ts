/**
 * The flow builder's block dialogs and media as the dialog specs drive them (flow-dialogs.spec.ts,
 * flow-media.spec.ts): a signed-in admin on a new flow, the dialogs by block type, stored media.
 */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.js";
import { addBlock, card } from "./flow-builder.js";
import { t } from "./i18n.js";
import { apiAsPage, logIn, storedToken } from "./pages.js";
import { newPerson, signUpByApi } from "./people.js";

export const pt = (key: string, vars?: Record<string, string | number>) => t("pt", `flowDialogs.${key}`, vars);
export const dialog = (page: Page, type: string) => page.getByTestId(`flow-dialog-${type}`);
/**
 * Double-clicks a card's title bar (a player in the card keeps its own clicks) until its dialog
 * shows: right after a reload the builder may still be fitting the view, and a double-click
 * landing during that move opened nothing (seen once in CI).
 */
export async function openCard(page: Page, type: string) {
  await expect(async () => {
    await card(page, type).dblclick({ position: { x: 60, y: 10 } });
    await expect(dialog(page, type)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}
export const toast = (page: Page, text: string) => page.locator(".Toastify__toast").filter({ hasText: text });

/** Adds a block from the add menu; its dialog opens. */
export async function addBlockDialog(page: Page, type: string) {
  await addBlock(page, type);
  await expect(dialog(page, type)).toBeVisible();
}

/** A real image the browser can decode (the dialog compresses it), drawn on a canvas. */
export async function drawnImage(page: Page, type: "image/png" | "image/jpeg", width: number): Promise<Buffer> {
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
export const oggBytes = () => Buffer.concat([Buffer.from("OggS"), Buffer.alloc(2000, 1)]);
export const mp4Bytes = () =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(2000, 2)]);

export async function upload(baseURL: string, page: Page, route: string, name: string, bytes: Buffer): Promise<string> {
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

export async function signedInBuilder(page: Page, baseURL: string, who: string) {
  const admin = newPerson(who);
  await signUpByApi(baseURL, admin);
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  const api = apiAsPage(baseURL, page);
  const flow = await api<{ id: number }>("POST", "/flowbuilder", { name: "Dialogos do fluxo" });
  return { api, flow, admin };
}

export interface SavedNode {
  id: string;
  type: string;
  data: Record<string, unknown>;
}
