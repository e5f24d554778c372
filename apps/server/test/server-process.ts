/**
 * The real server in its own process, on the embedded PostgreSQL under a
 * given DATA_DIR (or the DATABASE_URL given in its overrides: several
 * processes on one database), started the way `npm start` starts it (node on the bundle
 * build.mjs makes, here built once per run into dist/test-server) in
 * its own process group, so a test can kill it like an operator or the
 * kernel would.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { freePort } from "../src/free-port.js";
import { TEST_SECRETS_KEY } from "./secrets-key.js";

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface ServerProcess {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first answer of /api/health. */
  startedInMs: number;
  child: ChildProcess;
  exited: Promise<number | null>;
}

let built: Promise<string> | undefined;

/** Where the built server sits in a checkout's apps/server (with db-upgrade.js beside it). */
export const BUILT_SERVER_DIR = "dist/test-server";

/** Set by the run's global setup once it has built the server: test files then use that bundle as it is. */
const BUILT_ENV = "TEST_SERVER_BUILT";

/**
 * The built server, as `npm start` runs it; the bundle sits in the checkout, where node finds the installed
 * packages. Resolves to the folder of the bundle, in this checkout's apps/server. Built once per run, by the
 * global setup (test/global-setup.ts): files run in several workers at once, and a worker rebuilding the
 * bundle would rewrite it under a server another worker is starting.
 */
export function buildServer(): Promise<string> {
  const done = process.env[BUILT_ENV];
  if (done) return Promise.resolve(done);
  const outDir = path.join(serverRoot, BUILT_SERVER_DIR);
  built ??= promisify(execFile)(process.execPath, ["build.mjs", "src/main.ts", path.join(outDir, "main.js")], {
    cwd: serverRoot,
  }).then(() => outDir);
  return built;
}

/** The global setup's build, handed to the test files (in other processes) through the environment. */
export async function buildServerForRun(): Promise<void> {
  process.env[BUILT_ENV] = await buildServer();
}

const tail = (file: string) => readFileSync(file, "utf8").split("\n").slice(-30).join("\n");

export async function startServerProcess(
  dataDir: string,
  logFile: string,
  adminPassword: string,
  /** Over the defaults below (a test's fake Graph API, a shorter job recovery, a DATABASE_URL). */
  overrides: NodeJS.ProcessEnv = {},
  /** Another checkout's apps/server, holding the bundle buildServer() made at BUILT_SERVER_DIR (a copy elsewhere). */
  checkout?: string,
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The embedded default: no outside database, whatever the test run itself uses (unless `overrides` names one).
  const { DATABASE_URL: _run, TEST_DATABASE_URL: _test, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: "production",
    LOG_FORMAT: "json",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: adminPassword,
    WEB_DIST: "/nonexistent",
    WHATSAPP_WEB_URL: "ws://127.0.0.1:9/ws/chat",
    WHATSAPP_GRAPH_URL: "http://127.0.0.1:9/v21.0",
    // Several processes on one database share one secrets key, as an operator's nodes must;
    // alone on its embedded database a process generates its own into DATA_DIR, as `npm start` does.
    ...(overrides.DATABASE_URL ? { SECRETS_KEY: TEST_SECRETS_KEY } : {}),
    ...overrides,
  };
  appendFileSync(logFile, `--- start ${new Date().toISOString()}\n`);
  await buildServer();
  const cwd = checkout ?? serverRoot;
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(cwd, BUILT_SERVER_DIR, "main.js")], {
    cwd,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (c: Buffer) => appendFileSync(logFile, c));
  child.stderr.on("data", (c: Buffer) => appendFileSync(logFile, c));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  for (const deadline = Date.now() + 90_000; ;) {
    if (gone) throw new Error(`the server exited while starting:\n${tail(logFile)}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer in 90 s:\n${tail(logFile)}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, pid: child.pid!, startedInMs: Date.now() - started, child, exited };
}
