/** Steps in the phrase campaign dialog on /phrase-lists (flows.spec.ts, flow-run.spec.ts). */
import type { Locator, Page } from "@playwright/test";

export async function chooseFlow(modal: Locator, page: Page, flowId: number) {
  await modal.getByTestId("phrase-campaign-flow").click();
  await page.getByTestId(`phrase-campaign-flow-option-${flowId}`).click();
}

export async function chooseConnection(modal: Locator, page: Page, whatsappId: number) {
  await modal.getByTestId("phrase-campaign-connection").click();
  await page.getByTestId(`phrase-campaign-connection-option-${whatsappId}`).click();
}
