/**
 * The move at start runs in a child process: PGlite holds some 800 MB (its
 * WASM memory) while it reads the old database, and a process does not give
 * that back; in a child it goes when the child ends, and the server that
 * starts after the move runs at its usual size. The child is the
 * `npm run db:upgrade` command itself, so by hand and at start the move is
 * one piece of code.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import type { UpgradeLog } from "./pglite-upgrade.js";

/**
 * How to run the command: built beside the server's bundle (build.mjs), or
 * from its source through tsx when the server itself runs from source.
 */
function upgradeCommand(): string[] {
  const here = import.meta.filename;
  if (here.endsWith(".js")) return [path.join(path.dirname(here), "db-upgrade.js")];
  return ["--import", "tsx", path.join(path.dirname(here), "cli.ts")];
}

/** Moves DATA_DIR/db into `targetUrl`; rejects with the command's own message (it names the way out) when it fails. */
export function upgradeInChild(opts: { dataDir: string; targetUrl: string; log: UpgradeLog }): Promise<void> {
  const child = spawn(process.execPath, upgradeCommand(), {
    // The target by the environment, not the arguments: its password stays out of the process list.
    env: { ...process.env, DATA_DIR: path.resolve(opts.dataDir), DATABASE_URL: opts.targetUrl },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let pending = "";
  child.stdout.setEncoding("utf8").on("data", (text: string) => {
    const lines = (pending + text).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) opts.log.info(line);
  });
  let failure = "";
  child.stderr.setEncoding("utf8").on("data", (text: string) => (failure += text));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => {
      if (pending.trim()) opts.log.info(pending);
      if (code === 0) resolve();
      else reject(new Error(failure.trim() || `the data move stopped (${code ?? signal})`));
    });
  });
}
