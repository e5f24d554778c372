/** `npm start` serves the web app at /, the API at /api and Socket.IO at /socket.io on one port. */
import { expect, test } from "./harness/fixtures.js";

test("web, API and Socket.IO answer on the same port", async ({ page, request }) => {
  const health = await request.get("/api/health");
  expect(health.ok()).toBe(true);

  const handshake = await request.get("/socket.io/?EIO=4&transport=polling");
  expect(handshake.status()).toBe(200);
  expect(await handshake.text()).toMatch(/^0\{"sid":/);

  const unknownApi = await request.get("/api/no-such-route");
  expect(unknownApi.status()).toBe(404);
  expect(await unknownApi.json()).toEqual({ error: "ERR_NOT_FOUND" });

  // The address a newcomer opens: the app, which sends a signed-out visitor to the login page.
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("login-submit")).toBeVisible();

  // A client route deep-linked from outside is answered with the app, which renders.
  await page.goto("/forgetpsw");
  await expect(page.locator("#root")).not.toBeEmpty();
});
