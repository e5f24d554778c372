/**
 * A crash test's server: one real process on this file's own test database (started as
 * `npm start` starts it: test/server-process.ts), killed with SIGKILL like the kernel
 * would and started again on the same data, and stopped once the file is done.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { Database } from "../src/db/client.js";
import { testDatabase } from "./database.js";
import { startServerProcess, type ServerProcess } from "./server-process.js";

export interface CrashScene {
  readonly database: Database;
  /** The running process; throws when none is. */
  readonly server: ServerProcess;
  readonly running: boolean;
  /** Starts the process with `env()` (read now: the fakes have their URLs) and these overrides. */
  start(overrides?: NodeJS.ProcessEnv): Promise<ServerProcess>;
  /** SIGKILL to the process group, and wait for it to be gone. */
  kill(): Promise<void>;
}

export function useCrashScene(name: string, adminPassword: string, env: () => NodeJS.ProcessEnv): CrashScene {
  const dir = mkdtempSync(path.join(tmpdir(), `balcao-${name}-`));
  // 0755, not mkdtemp's 0700: what the process runs as another user (the embedded PostgreSQL,
  // when root runs the tests) must reach it.
  chmodSync(dir, 0o755);
  let database: Database | undefined;
  let current: ServerProcess | undefined;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(async () => {
    if (current && current.child.exitCode === null) {
      process.kill(current.pid, "SIGTERM");
      await current.exited;
    }
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
  return {
    get database() {
      if (!database) throw new Error("the crash scene's database is made in beforeAll");
      return database;
    },
    get server() {
      if (!current) throw new Error("no server process is running");
      return current;
    },
    get running() {
      return current !== undefined;
    },
    async start(overrides = {}) {
      current = await startServerProcess(path.join(dir, "data"), path.join(dir, "server.log"), adminPassword, {
        ...env(),
        DATABASE_URL: this.database.url,
        ...overrides,
      });
      return current;
    },
    async kill() {
      if (!current) return;
      process.kill(-current.pid, "SIGKILL");
      await current.exited;
      current = undefined;
    },
  };
}
