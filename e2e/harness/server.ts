/**
 * Runs the real server the way `npm start` does (the web app is built before
 * the e2e run by the test:e2e script) in a child process, and waits for it:
 * built to JavaScript by the same build as `npm start`'s, run by plain node.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { freePort } from "../../apps/server/src/free-port.js";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface RunDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty PostgreSQL database for this run, next to the one TEST_DATABASE_URL names. */
export async function createRunDatabase(adminUrl: string): Promise<RunDatabase> {
  const name = `balcao_e2e_${randomBytes(6).toString("hex")}`;
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    url,
    drop: () => withClient(adminUrl, async (c) => void (await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

const tail = (file: string, lines = 40) => readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");

/**
 * Builds `entry` as apps/server/build.mjs builds the server for `npm start`; the bundle sits
 * in the checkout (e2e/dist), where node finds the installed packages it imports.
 */
function build(entry: string): string {
  const outfile = path.join(repoRoot, "e2e/dist", `${path.basename(entry, ".ts")}.js`);
  execFileSync(
    process.execPath,
    [path.join(repoRoot, "apps/server/build.mjs"), path.resolve(repoRoot, entry), outfile],
    {
      stdio: "inherit",
    },
  );
  return outfile;
}

/** Starts the built `<entry>` (the server's main by default) with `env` and resolves once /api/health answers. */
export async function startServer(
  env: Record<string, string>,
  logFile: string,
  entry = "apps/server/src/main.ts",
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = createWriteStream(logFile, { flags: "a" });
  await new Promise((resolve) => log.once("open", resolve));
  const child: ChildProcess = spawn(process.execPath, [build(entry)], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", log, log],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (gone) throw new Error(`the server exited while starting; its log (${logFile}) ends with:\n${tail(logFile)}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer ${url}/api/health in 90 s; its log ends with:\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    async stop() {
      if (!gone) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(timer);
      }
      log.end();
    },
  };
}
