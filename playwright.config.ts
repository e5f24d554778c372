/**
 * End-to-end tests: the built app served by the real server (started by
 * e2e/harness/global-setup.ts), driven in headless Chromium: Debian's when
 * installed, else the one an npm package brings (e2e/harness/chromium.ts).
 */
import { defineConfig, devices } from "@playwright/test";

const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: "e2e",
  testMatch: "*.spec.ts",
  globalSetup: "./e2e/harness/global-setup.ts",
  fullyParallel: false,
  workers: 2,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  use: {
    ...devices["Desktop Chrome"],
    // baseURL comes from the global setup, through e2e/harness/fixtures.ts.
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    colorScheme: "light",
    screenshot: "only-on-failure",
    // Recorded on a retry only: recording every test cost about half of the e2e run's time (5 specs: 191 s → 93 s).
    trace: "on-first-retry",
    // launchOptions (which Chromium, its flags): the global setup's find, in e2e/harness/fixtures.ts.
  },
  projects: [{ name: "chromium" }],
});
