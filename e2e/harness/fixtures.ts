/**
 * The `test` every spec imports: Playwright's own, with baseURL pointing at the
 * server the global setup started, the browser it found, and a `mailbox` to read what it mailed.
 */
import { test as base } from "@playwright/test";
import { launchOptionsFor, type ChromiumBinary } from "./chromium.js";
import { readEnv } from "./env.js";
import type { MailView } from "./mailbox.js";

export interface MailboxReader {
  /** Waits for the n-th mail to `to` (default the first) and returns every mail to it so far. */
  mails(to: string, count?: number): Promise<MailView[]>;
}

// Playwright reads a fixture's dependencies from its first parameter's
// destructuring pattern, so a fixture that needs none must write `{}`.
/* eslint-disable no-empty-pattern */
export const test = base.extend<{ mailbox: MailboxReader }>({
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({ ...launchOptions, ...launchOptionsFor(JSON.parse(readEnv("chromium")) as ChromiumBinary) });
    },
    { scope: "worker" },
  ],
  baseURL: async ({}, use) => {
    await use(readEnv("baseURL"));
  },
  mailbox: async ({}, use) => {
    const url = readEnv("mailboxURL");
    await use({
      async mails(to, count = 1) {
        const res = await fetch(`${url}/mails?to=${encodeURIComponent(to)}&count=${count}&timeoutMs=10000`);
        if (!res.ok) throw new Error(`no mail #${count} to ${to} arrived within 10 s`);
        return (await res.json()) as MailView[];
      },
    });
  },
});
/* eslint-enable no-empty-pattern */

export { expect } from "@playwright/test";
