/**
 * A test file's real server process on its own DATA_DIR, with a fake Graph
 * API, for tests that kill it (SIGKILL) and start it again on the same data:
 * `const crash = crashServerPerFile("balcao-sends-", PASSWORD)`, then
 * `admin = await crash.start()`, `await crash.kill()`. Stopped and its
 * folder removed after the file.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startFakeGraph, type FakeGraph } from "./fake-graph.js";
import { signInAdmin, type ProcessSession } from "./process-api.js";
import { startServerProcess, type ServerProcess } from "./server-process.js";

export interface CrashServer {
  readonly fake: FakeGraph;
  /** The running (or last killed) process. */
  readonly server: ServerProcess;
  /** Starts the server (again) and signs the seeded admin in. */
  start(): Promise<ProcessSession>;
  /** SIGKILL to the whole process group, as the kernel would. */
  kill(): Promise<void>;
}

export function crashServerPerFile(prefix: string, password: string): CrashServer {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  // As root the cluster runs as the user "postgres", which must reach DATA_DIR.
  chmodSync(dir, 0o755);
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  let fake: FakeGraph | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    fake = await startFakeGraph();
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      process.kill(server.pid, "SIGTERM");
      await server.exited;
    }
    await fake?.close();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  return {
    get fake() {
      return fake!;
    },
    get server() {
      return server!;
    },
    async start() {
      server = await startServerProcess(dataDir, logFile, password, {
        WHATSAPP_GRAPH_URL: fake!.url,
        JOB_RECOVERY_SECONDS: "1",
      });
      return signInAdmin(server, password);
    },
    async kill() {
      process.kill(-server!.pid, "SIGKILL");
      await server!.exited;
    },
  };
}
