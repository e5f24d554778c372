/** Steps several specs share, done through the pages as a person does them. */
import type { Page } from "@playwright/test";
import { storedItem } from "./browser.js";
import { expect } from "./fixtures.js";
import { apiWithToken } from "./people.js";

export async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
}

/** The session token the web app keeps in localStorage, if any. */
export function storedToken(page: Page): Promise<string | null> {
  return storedItem(page, "token");
}

export async function expectLoggedOut(page: Page) {
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
}

/** API calls in the session a signed-in page holds (its newest token at each call), which stays alive. */
export function apiAsPage(baseURL: string, page: Page) {
  return apiWithToken(baseURL, async () => JSON.parse((await storedToken(page)) ?? '""') as string);
}
