/**
 * An install upgraded from the PGlite build: the first `npm start` of this
 * build (no DATABASE_URL) finds DATA_DIR/db, moves its data into the new
 * embedded cluster before migrating and seeding, and serves it; the old
 * directory is kept aside. Runs the real server start (createServer without a
 * database, as main.ts does).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createServer } from "../../server.js";
import { contacts } from "../schema/index.js";
import { FakeWhatsAppWeb } from "../../../test/fake-baileys.js";
import { startServerProcess } from "../../../test/server-process.js";
import { testConfig } from "../../../test/harness.js";
import { cleanUp, siblings, SLOW, smallPgliteDirectory } from "../../../test/upgrade-fixtures.js";

afterAll(cleanUp);

describe("the first start after the PGlite build", () => {
  it(
    "moves the old data into the embedded database, then serves it with the old directory kept aside",
    async () => {
      const dataDir = await smallPgliteDirectory();
      const server = await createServer(testConfig(dataDir), undefined, { whatsappWeb: new FakeWhatsAppWeb() });
      try {
        expect(server.ctx.database.kind).toBe("embedded");
        const people = await server.ctx.db.select({ name: contacts.name, number: contacts.number }).from(contacts);
        expect(people).toEqual([{ name: "João", number: "5511988887777" }]);
      } finally {
        await server.close();
      }
      expect(existsSync(path.join(dataDir, "db"))).toBe(false);
      expect(siblings(dataDir).some((name) => name.startsWith("db.pglite-moved-"))).toBe(true);
    },
    SLOW,
  );

  it.skipIf(process.platform !== "linux")(
    "runs the move in a child process: the server that serves the moved data holds none of PGlite's memory",
    async () => {
      const dataDir = await smallPgliteDirectory();
      const server = await startServerProcess(dataDir, path.join(dataDir, "server.log"), "Upgrade123");
      try {
        expect(readFileSync(path.join(dataDir, "server.log"), "utf8")).toMatch(/moved \d+ rows in \d+ tables/);
        // Measured here: 163 MB after a move in a child, 428 MB when the server itself ran PGlite.
        expect(residentMb(server.pid)).toBeLessThan(300);
      } finally {
        process.kill(-server.pid, "SIGTERM");
        await server.exited;
      }
    },
    SLOW,
  );
});

/** The process's resident memory in MB, as the kernel counts it. */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}
