/**
 * The browser `npm install` brings (@sparticuz/chromium) is the fallback of a
 * machine without Debian's Chromium. It is tested on every machine, also where
 * the rest of the run drives Debian's, so the fallback cannot rot unseen.
 */
import { chromium } from "@playwright/test";
import { chooseChromium, findChromium, launchOptionsFor } from "./harness/chromium.js";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { newPerson, signUpByApi } from "./harness/people.js";

test("Debian's Chromium when installed, the bundled one otherwise, E2E_CHROMIUM forcing either", async () => {
  expect(chooseChromium(undefined, true)).toBe("system");
  expect(chooseChromium(undefined, false)).toBe("bundled");
  expect(chooseChromium("bundled", true)).toBe("bundled");
  expect(() => chooseChromium("firefox", true)).toThrow(/E2E_CHROMIUM must be "system" or "bundled"/);
  await expect(findChromium("system", "/nonexistent/chromium")).rejects.toThrow(
    "E2E_CHROMIUM=system, but there is no /nonexistent/chromium",
  );
});

test("the bundled browser logs in and shows the tickets page in Portuguese", async ({ baseURL }) => {
  const person = newPerson("bundled");
  await signUpByApi(baseURL!, person);
  const browser = await chromium.launch(launchOptionsFor(await findChromium("bundled")));
  try {
    const page = await browser.newPage({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
    await logIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/tickets$/);
    const greeting = page.getByTestId("greeting");
    await expect(greeting).toContainText(
      t("pt", "mainLayout.greeting", { name: person.name, company: person.company }),
    );
    // Drawn with a font that has the glyphs (the package's own where the system has none).
    expect(await greeting.evaluate((e) => e.getBoundingClientRect().width)).toBeGreaterThan(50);
  } finally {
    await browser.close();
  }
});
