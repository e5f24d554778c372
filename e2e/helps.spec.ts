/**
 * Help videos (business-areas §2.17, core-platform §2.18 Help tab): the super
 * admin adds a video by pasting its YouTube address; an agent of another
 * company sees its card with the thumbnail, opens the player and closes it
 * with Escape.
 */
import { randomBytes } from "node:crypto";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { newPerson, signUpByApi } from "./harness/people.js";
import { asSuperAdmin } from "./harness/super-admin.js";

const video = "dQw4w9WgXcQ";

/** The page title's text for `count` videos (i18next picks _zero, _one or _other in Portuguese). */
const titleFor = (count: number) =>
  `${t("pt", "helps.title")} ${t("pt", `helps.videos_${count === 0 ? "zero" : count === 1 ? "one" : "other"}`, { count })}`;

test("the super admin adds a help video and a user watches it", async ({ browser, page, baseURL }) => {
  const title = `Como atender ${randomBytes(3).toString("hex")}`;

  await asSuperAdmin(page, async () => {
    await page.getByTestId("menu-item-settings").click();
    await page.getByTestId("settings-tab-helps").click();
    await page.getByTestId("help-title").fill(title);
    await page.getByTestId("help-video").fill(`https://www.youtube.com/watch?v=${video}&t=10s`);
    await page.getByTestId("help-description").fill("Aceite, responda e encerre um atendimento.");
    await page.getByTestId("help-save").click();
    await expect(page.getByText(t("pt", "settings.helps.toasts.success")).first()).toBeVisible();
    // Only the code is kept.
    await expect(page.locator('tr[data-testid^="help-row-"]', { hasText: title })).toContainText(video);
  });

  // Someone of another company, in a browser of their own.
  const person = newPerson("helps");
  await signUpByApi(baseURL!, person);
  const context = await browser.newContext();
  const userPage = await context.newPage();
  await logIn(userPage, person.email, person.password);
  await expect(userPage).toHaveURL(/\/tickets$/);
  await userPage.getByTestId("menu-item-helps").click();
  await expect(userPage).toHaveURL(/\/helps$/);

  const card = userPage.locator('[data-testid^="help-card-"]', { hasText: title });
  await expect(card).toContainText("Aceite, responda e encerre um atendimento.");
  await expect(card.locator("img")).toHaveAttribute("src", `https://i.ytimg.com/vi/${video}/hqdefault.jpg`);
  const cards = await userPage.locator('[data-testid^="help-card-"]').count();
  await expect(userPage.getByTestId("helps-title")).toHaveText(titleFor(cards));

  await card.click();
  const player = userPage.getByTestId("help-player");
  await expect(player).toBeVisible();
  await expect(player.locator("iframe")).toHaveAttribute(
    "src",
    new RegExp(`^https://www\\.youtube\\.com/embed/${video}`),
  );
  await userPage.keyboard.press("Escape");
  await expect(player).toBeHidden();
  await context.close();
});
