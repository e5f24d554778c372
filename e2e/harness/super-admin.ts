/**
 * The platform's one super admin (admin@example.com). A login ends that user's
 * other sessions (single session, core-platform §4.5), so specs running in
 * parallel workers take turns: each holds a lock, per server run, while its
 * browser is signed in as the super admin.
 */
import { mkdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { readEnv } from "./env.js";
import { ADMIN } from "./global-setup.js";
import { logIn } from "./pages.js";

/** A holder that crashed hard (no finally) lets go after this long. */
const STALE_MS = 3 * 60_000;

function lockPath(): string {
  return path.join(tmpdir(), `balcao-e2e-super-${new URL(readEnv("baseURL")).port}.lock`);
}

async function acquire(lock: string): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lock);
      return;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_MS) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** Signs `page` in as the super admin and runs `fn` while no other spec uses that account. */
export async function asSuperAdmin<T>(page: Page, fn: () => Promise<T>): Promise<T> {
  const lock = lockPath();
  await acquire(lock);
  try {
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/tickets$/);
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
