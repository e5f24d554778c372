/**
 * Runs the server as an operator does, `npm start` in a checkout (which builds, then
 * runs), so the bench measures the very process tree an operator's machine holds.
 */
import { spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../apps/server/src/free-port.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface NpmStart {
  base: string;
  /** npm's own process: the root of the tree. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * `npm start` in `checkout` (this one by default; another checkout measures another
 * version, as before and after a change) with `env` over this process's environment.
 */
export async function npmStart(env: Record<string, string>, logFile: string, checkout = repoRoot): Promise<NpmStart> {
  const port = await freePort();
  const log = createWriteStream(logFile, { flags: "a" });
  await new Promise((resolve) => log.once("open", resolve));
  // Its own process group, so that stopping it reaches npm, its shell and the server alike.
  const child = spawn("npm", ["start"], {
    cwd: checkout,
    detached: true,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", log, log],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const base = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + 300_000; // the first start builds the web app and the server
  for (;;) {
    const tail = () => readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n");
    if (gone) throw new Error(`npm start exited while starting; its log (${logFile}) ends with:\n${tail()}`);
    if (Date.now() > deadline) {
      process.kill(-child.pid!, "SIGKILL");
      throw new Error(`npm start did not answer ${base}/health in time; its log ends with:\n${tail()}`);
    }
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    pid: child.pid!,
    async stop() {
      if (!gone) {
        process.kill(-child.pid!, "SIGTERM");
        const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 20_000);
        await exited;
        clearTimeout(timer);
      }
      log.end();
    },
  };
}
