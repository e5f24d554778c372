/**
 * Vitest globalSetup: the run's PostgreSQL and its migrated template, and the
 * server bundle the tests of a real server process start (server-process.ts). With
 * TEST_DATABASE_URL, that server; without it, one embedded cluster for the
 * whole run (the engine `npm start` runs on), in a temporary directory, whose
 * URL the test files read from TEST_DATABASE_URL like any other.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startCluster } from "../src/db/embedded/cluster.js";
import { prepareTemplate } from "./database.js";
import { buildServerForRun } from "./server-process.js";

const quiet = {
  info: () => undefined,
  warn: (obj: object, msg: string) => void process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`),
};

export default async function setup() {
  const given = process.env.TEST_DATABASE_URL;
  // The bundle builds (CPU) while the template migrates (mostly the database's work).
  if (given) return (await Promise.all([prepareTemplate(given), buildServerForRun()]))[0];
  const dir = mkdtempSync(path.join(tmpdir(), "balcao-test-pg-"));
  // As root the cluster runs as the user "postgres": once it can enter the directory, the cluster stays in it
  // (and goes with it) instead of in /var/lib/balcao (db/embedded/placement.ts).
  chmodSync(dir, 0o755);
  const cluster = await startCluster({
    dataDir: dir,
    log: quiet,
    database: "postgres",
    // Every test file holds a pool, pg-boss and a lease connection, several files at a time.
    settings: { max_connections: "200", shared_buffers: "128MB", fsync: "off", synchronous_commit: "off" },
  });
  process.env.TEST_DATABASE_URL = cluster.url;
  await Promise.all([prepareTemplate(cluster.url), buildServerForRun()]);
  return async () => {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
