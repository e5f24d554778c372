import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["apps/server/src/**/*.test.ts", "packages/**/src/**/*.test.ts", "apps/web/src/**/*.test.ts"],
    globalSetup: ["apps/server/test/global-setup.ts"],
    // Files share their worker's modules instead of importing the server afresh each (2.5 s a
    // file: 160 server files took 20 min, now 8). Safe because a test file's state lives in its
    // own server (test/harness.ts), and mocks are spies on that server's objects.
    isolate: false,
    // Two files at a time even on two cores (Vitest's default there is one): most of a server test's
    // time is spent waiting (PostgreSQL, sockets, timers a test lets run out, a killed server starting
    // again), which another file's work fills. Each file has its own server and database (above).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test" },
  },
});
