/** Steps on the queues page's modal, as an admin takes them (queues.spec.ts, and specs that build their queues there). */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.js";

export const queueModal = (page: Page) => page.getByTestId("queue-modal");

export async function pickColour(page: Page, hex: string) {
  await queueModal(page).getByTestId("queue-color-pick").click();
  await expect(page.getByTestId("color-picker").locator('[role="option"]')).toHaveCount(50);
  await page.getByTestId(`swatch-${hex}`).click();
  // Picking a swatch closes the picker.
  await expect(page.getByTestId("color-picker")).toBeHidden();
}

/** Adds an option where 'Adicionar' puts it (a root, or under the selected option) and saves it. */
export async function addOption(page: Page, title: string, message: string) {
  await page.getByTestId("option-add").click();
  const draft = page.getByTestId("option-draft");
  await draft.getByTestId("option-title").fill(title);
  await draft.getByTestId("option-message").fill(message);
  await draft.getByTestId("option-save").click();
  await expect(draft).toBeHidden();
}
