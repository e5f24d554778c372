/**
 * `npm run db:upgrade`, as the message of a failed move tells the operator to
 * run it: a real npm process on a PGlite data directory, into the server of
 * TEST_DATABASE_URL or, with no target, the data directory's own embedded
 * database.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cleanUp,
  emptyDatabase,
  fingerprint,
  onServer,
  serverUrl,
  SLOW,
  smallPgliteDirectory,
} from "../../../test/upgrade-fixtures.js";
import { startCluster } from "../embedded/cluster.js";

const quietCluster = { info: () => undefined, warn: () => undefined };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../..");

/** The root script, its exit code and output; DATA_DIR absolute since the script runs in apps/server. */
async function dbUpgrade(env: Record<string, string>, args: string[] = []) {
  const run = promisify(execFile)("npm", ["run", "--silent", "db:upgrade", ...(args.length ? ["--", ...args] : [])], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
  return run.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({
      code: err.code,
      stdout: err.stdout,
      stderr: err.stderr,
    }),
  );
}

const rows = (url: string, table: string) =>
  onServer(url, async (c) => (await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);

describe.skipIf(!serverUrl)("npm run db:upgrade (needs TEST_DATABASE_URL)", () => {
  beforeAll(() => smallPgliteDirectory(), SLOW);
  afterAll(cleanUp);

  it(
    "moves the directory into DATABASE_URL, then finds nothing left to move",
    async () => {
      const dataDir = await smallPgliteDirectory();
      const target = await emptyDatabase();
      const first = await dbUpgrade({ DATA_DIR: dataDir, DATABASE_URL: target });
      expect(first).toMatchObject({ code: 0 });
      expect(first.stdout).toMatch(
        /moved \d+ rows in \d+ tables and \d+ waiting jobs; the old PGlite directory is kept as .*db\.pglite-moved-/,
      );
      expect(await rows(target, "contacts")).toBe(1);
      expect(existsSync(path.join(dataDir, "db"))).toBe(false);

      const again = await dbUpgrade({ DATA_DIR: dataDir, DATABASE_URL: target });
      expect(again).toMatchObject({ code: 0 });
      expect(again.stdout).toContain("No PGlite database to move");
      expect(await rows(target, "contacts")).toBe(1);
    },
    SLOW,
  );

  it(
    "exits non-zero with the reason when the target refuses, the directory untouched",
    async () => {
      const dataDir = await smallPgliteDirectory();
      const before = fingerprint(path.join(dataDir, "db"));
      const u = new URL(serverUrl!);
      u.pathname = "/balcao_up_no_such_database";
      const failed = await dbUpgrade({ DATA_DIR: dataDir }, ["--target", u.toString()]);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain("was not moved to PostgreSQL");
      expect(failed.stderr).toContain("balcao_up_no_such_database");
      expect(fingerprint(path.join(dataDir, "db"))).toBe(before);
    },
    SLOW,
  );
});

describe("npm run db:upgrade with no target", () => {
  afterAll(cleanUp);

  it(
    "moves the directory into the embedded database under DATA_DIR/pg, as npm start opens it",
    async () => {
      const dataDir = await smallPgliteDirectory();
      const moved = await dbUpgrade({ DATA_DIR: dataDir });
      expect(moved).toMatchObject({ code: 0 });
      expect(moved.stdout).toMatch(/moved \d+ rows in \d+ tables/);
      const cluster = await startCluster({ dataDir, log: quietCluster });
      try {
        expect(await rows(cluster.url, "contacts")).toBe(1);
      } finally {
        await cluster.stop();
      }
      expect(existsSync(path.join(dataDir, "db"))).toBe(false);
    },
    SLOW,
  );

  it(
    "refuses while a server runs on that data directory, the old directory untouched",
    async () => {
      const dataDir = await smallPgliteDirectory();
      const before = fingerprint(path.join(dataDir, "db"));
      const running = await startCluster({ dataDir, log: quietCluster });
      try {
        const refused = await dbUpgrade({ DATA_DIR: dataDir });
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain("Another Balcão server");
      } finally {
        await running.stop();
      }
      expect(fingerprint(path.join(dataDir, "db"))).toBe(before);
    },
    SLOW,
  );
});
