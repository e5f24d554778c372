/**
 * The Chromium the e2e tests drive: Debian's `/usr/bin/chromium` when it is
 * installed, otherwise the one `@sparticuz/chromium` ships inside its npm
 * package, so that `npm install && npm test` needs nothing from apt.
 * `E2E_CHROMIUM=system` or `E2E_CHROMIUM=bundled` forces one (to try both on one machine).
 *
 * The global setup finds it once (unpacking is async, Playwright's config is
 * not) and hands it to the workers through the environment; fixtures.ts
 * launches it with launchOptionsFor().
 */
import type { LaunchOptions } from "@playwright/test";
import chromium, { inflate } from "@sparticuz/chromium";
import {
  constants,
  accessSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const systemChromium = "/usr/bin/chromium";

/** Our flags, whichever the browser: no sandbox (containers, root), and nothing that calls home during a run. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export type ChromiumSource = "system" | "bundled";

export interface ChromiumBinary {
  source: ChromiumSource;
  executablePath: string;
  /** What the browser needs in its environment beyond ours. */
  env: Record<string, string>;
}

/** How to launch `binary`: our flags, its environment on top of ours. */
export function launchOptionsFor(binary: ChromiumBinary): LaunchOptions {
  return { executablePath: binary.executablePath, args: chromiumArgs, env: { ...process.env, ...binary.env } };
}

export function chooseChromium(forced: string | undefined, systemInstalled: boolean): ChromiumSource {
  if (forced === "system" || forced === "bundled") return forced;
  if (forced) throw new Error(`E2E_CHROMIUM must be "system" or "bundled", not "${forced}"`);
  return systemInstalled ? "system" : "bundled";
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export async function findChromium(
  forced = process.env.E2E_CHROMIUM,
  systemPath = systemChromium,
): Promise<ChromiumBinary> {
  const installed = executable(systemPath);
  if (chooseChromium(forced, installed) === "bundled") return bundledChromium();
  if (!installed) throw new Error(`E2E_CHROMIUM=system, but there is no ${systemPath}`);
  return { source: "system", executablePath: systemPath, env: {} };
}

/** Read once: unpacking moves TMPDIR for a while. */
const baseTmpDir = tmpdir();
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.resolve("@sparticuz/chromium"))), "..");

let bundled: Promise<ChromiumBinary> | undefined;

/**
 * Unpacks the package's browser once per version into the temp directory (about
 * 1 s, 210 MB) and returns it. The browser gets its own NSS and expat (the
 * package's Amazon Linux libraries, so a machine without them still runs it)
 * and the package's fonts beside the system's (a slim image has none).
 */
function bundledChromium(): Promise<ChromiumBinary> {
  bundled ??= unpackBundled();
  return bundled;
}

async function unpackBundled(): Promise<ChromiumBinary> {
  const { version } = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")) as { version: string };
  const dir = path.join(baseTmpDir, `balcao-chromium-${version}-${userInfo().uid}`);
  if (!existsSync(path.join(dir, "chromium"))) await unpackInto(dir);
  return {
    source: "bundled",
    executablePath: path.join(dir, "chromium"),
    env: {
      LD_LIBRARY_PATH: [path.join(dir, "al2023", "lib"), process.env.LD_LIBRARY_PATH].filter(Boolean).join(":"),
      FONTCONFIG_FILE: path.join(dir, "fonts.conf"),
    },
  };
}

/**
 * The package unpacks into os.tmpdir() and trusts any `chromium` it finds there,
 * so it unpacks into a private directory that is renamed into place when
 * complete: two runs starting together never launch a half-written browser.
 */
async function unpackInto(dir: string): Promise<void> {
  const staging = mkdtempSync(`${dir}.`);
  const tmp = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  try {
    await chromium.executablePath();
    await inflate(path.join(packageDir, "bin", "al2023.tar.br"));
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  } finally {
    if (tmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmp;
  }
  writeFileSync(
    path.join(staging, "fonts.conf"),
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${path.join(dir, "fonts")}</dir>
  <cachedir>${path.join(dir, "fonts-cache")}</cachedir>
</fontconfig>
`,
  );
  try {
    renameSync(staging, dir);
  } catch (err) {
    // Another run finished first: use its copy.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(path.join(dir, "chromium"))) throw err;
  }
}
