/**
 * Issue 16 item 4: a data directory made by the PGlite build is moved into
 * PostgreSQL without losing a row, and a failed move changes nothing in it.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import type { MessageListResponse } from "@balcao/contracts";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContact } from "../../../test/conversations.js";
import { login, PASSWORD } from "../../../test/factories.js";
import {
  fillPgliteDirectory,
  ORDER_DETAILS,
  POLL_DETAILS,
  PRECISE_TIME,
  serverOn,
  type PgliteFacts,
  WAITING_QUEUE,
} from "../../../test/pglite-data.js";
import {
  cleanUp,
  emptyDatabase,
  fingerprint,
  onServer,
  quiet,
  serverUrl,
  siblings,
  SLOW,
  smallPgliteDirectory,
  tempDataDir,
} from "../../../test/upgrade-fixtures.js";
import { openPostgres } from "../client.js";
import { tableNames, type Sql } from "./catalog.js";
import { upgradeFromPglite, UpgradeError, type UpgradeResult } from "./pglite-upgrade.js";

afterAll(cleanUp);

/** Every row of every table, as PostgreSQL renders it, in one stable order. */
async function contents(sql: Sql): Promise<Record<string, string[]>> {
  await sql("SET TimeZone = 'UTC'");
  const all: Record<string, string[]> = {};
  for (const t of await tableNames(sql)) {
    all[t] = (await sql(`SELECT to_jsonb(r)::text AS j FROM public."${t}" r ORDER BY 1`)).map((r) => String(r.j));
  }
  return all;
}

describe.skipIf(!serverUrl)("upgrade from a PGlite data directory (needs TEST_DATABASE_URL)", () => {
  beforeAll(() => smallPgliteDirectory(), SLOW);

  describe("a directory made by the PGlite build", () => {
    let dataDir: string;
    let targetUrl: string;
    let facts: PgliteFacts;
    let result: UpgradeResult;

    beforeAll(async () => {
      dataDir = tempDataDir();
      facts = await fillPgliteDirectory(dataDir);
      targetUrl = await emptyDatabase();
      result = await upgradeFromPglite({ dataDir, targetUrl, log: quiet });
    }, SLOW);

    it(
      "is moved: the old directory is kept aside and the target holds every row of every table",
      async () => {
        if (result.status !== "moved") throw new Error("expected a move");
        expect(result.counts.messages).toBe(5);
        expect(result.counts.tickets).toBe(2);
        expect(existsSync(path.join(dataDir, "db"))).toBe(false);
        expect(path.basename(result.keptAt)).toMatch(/^db\.pglite-moved-\d{4}-\d\d-\d\dT/);
        expect(siblings(dataDir)).not.toContain("db.upgrade-work");

        const kept = new PGlite({ dataDir: result.keptAt, extensions: { pg_trgm } });
        const target = new pg.Client({ connectionString: targetUrl });
        await target.connect();
        try {
          const before = await contents(async (t, v) => (await kept.query<Record<string, unknown>>(t, v)).rows);
          const after = await contents(async (t, v) => (await target.query(t, v)).rows);
          expect(Object.keys(after)).toEqual(Object.keys(before));
          for (const t of Object.keys(before)) expect({ [t]: after[t] }).toEqual({ [t]: before[t] });
          const [order] = (
            await target.query("SELECT created_at::text AS at FROM messages WHERE id = $1", [facts.messages.order.id])
          ).rows;
          expect(order.at).toBe(PRECISE_TIME);
        } finally {
          await target.end();
          await kept.close();
        }
      },
      SLOW,
    );

    it(
      "serves the moved data: the agent signs in with their password and reads the conversation",
      async () => {
        const s = await serverOn(tempDataDir(), await openPostgres(targetUrl, 2));
        try {
          const { token } = await login(s, facts.agent.email, PASSWORD);
          const res = await s.request({ path: `/messages/${facts.ticket.id}`, token });
          expect(res.statusCode).toBe(200);
          const page = res.json<MessageListResponse>();
          const byId = new Map(page.messages.map((m) => [m.id, m]));
          const { first, order, poll, image } = facts.messages;
          expect(byId.get(first.id)?.body).toBe("olá");
          expect(byId.get(first.id)?.quotedMsg?.id).toBe(poll.id);
          expect(byId.get(order.id)?.details).toEqual(ORDER_DETAILS);
          expect(byId.get(order.id)?.createdAt).toBe("2024-02-29T12:34:56.789Z");
          expect(byId.get(poll.id)?.details).toEqual(POLL_DETAILS);
          expect(byId.get(image.id)?.mediaName).toBe("foto.jpg");

          // Ids continue where the old database stood (after the deleted contact, not after the highest left).
          const next = await buildContact(s, facts.other.id);
          expect(next.id).toBe(facts.deletedContactId + 1);
        } finally {
          await s.close();
          await s.ctx.database.close();
        }
      },
      SLOW,
    );

    it(
      "keeps the jobs the old build had queued and not run: pg-boss hands them out on the target",
      async () => {
        if (result.status !== "moved") throw new Error("expected a move");
        expect(result.waitingJobs).toBe(1);
        const boss = new PgBoss({ connectionString: targetUrl, max: 1, supervise: false, schedule: false });
        await boss.start();
        try {
          const [job] = await boss.fetch<{ messageId: number }>(WAITING_QUEUE);
          expect(job?.id).toBe(facts.jobId);
          expect(job?.data).toEqual({ messageId: facts.messages.image.id });
          expect((await boss.getQueue(WAITING_QUEUE))?.retryLimit).toBe(3);
        } finally {
          await boss.stop({ graceful: false, wait: true });
        }
      },
      SLOW,
    );

    it(
      "is not moved twice: a second run finds nothing to do and changes nothing",
      async () => {
        const count = () =>
          onServer(targetUrl, async (c) => (await c.query("SELECT count(*)::int AS n FROM messages")).rows[0].n);
        const before = await count();
        expect(await upgradeFromPglite({ dataDir, targetUrl, log: quiet })).toEqual({ status: "none" });
        expect(await count()).toBe(before);
      },
      SLOW,
    );
  });

  it(
    "stops with the command to run when the target cannot be reached, and leaves the directory untouched",
    async () => {
      const dataDir = await smallPgliteDirectory();
      const before = fingerprint(path.join(dataDir, "db"));
      const u = new URL(serverUrl!);
      u.pathname = `/balcao_up_missing_${randomBytes(4).toString("hex")}`;
      const err = await upgradeFromPglite({ dataDir, targetUrl: u.toString(), log: quiet }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UpgradeError);
      expect((err as Error).message).toContain("was not moved to PostgreSQL");
      expect((err as Error).message).toContain("Nothing in");
      expect((err as Error).message).toContain("`npm run db:upgrade`");
      expect(fingerprint(path.join(dataDir, "db"))).toBe(before);
      expect(siblings(dataDir)).toEqual(["db"]);
    },
    SLOW,
  );

  it(
    "writes nothing when a row is refused partway, and moves everything once the cause is fixed",
    async () => {
      const dataDir = await smallPgliteDirectory();
      const before = fingerprint(path.join(dataDir, "db"));
      const targetUrl = await emptyDatabase();
      await openPostgres(targetUrl, 1).then(async (db) => {
        await db.migrate();
        await db.close();
      });
      // Contacts come after companies: the refusal comes once a company was written in the transaction.
      await onServer(targetUrl, (c) =>
        c.query("ALTER TABLE contacts ADD CONSTRAINT refuse_all CHECK (false) NOT VALID"),
      );
      const companies = () =>
        onServer(targetUrl, async (c) => (await c.query("SELECT count(*)::int AS n FROM companies")).rows[0].n);

      await expect(upgradeFromPglite({ dataDir, targetUrl, log: quiet })).rejects.toThrow(/npm run db:upgrade/);
      expect(await companies()).toBe(0);
      expect(fingerprint(path.join(dataDir, "db"))).toBe(before);
      expect(siblings(dataDir)).toEqual(["db"]);

      await onServer(targetUrl, (c) => c.query("ALTER TABLE contacts DROP CONSTRAINT refuse_all"));
      const result = await upgradeFromPglite({ dataDir, targetUrl, log: quiet });
      expect(result.status).toBe("moved");
      expect(await companies()).toBe(1);
    },
    SLOW,
  );

  it(
    "refuses a target that already holds other data",
    async () => {
      const dataDir = await smallPgliteDirectory();
      const targetUrl = await emptyDatabase();
      const db = await openPostgres(targetUrl, 1);
      await db.migrate();
      await db.raw.query("INSERT INTO companies (name) VALUES ('Outra'), ('Mais uma')");
      await db.close();
      await expect(upgradeFromPglite({ dataDir, targetUrl, log: quiet })).rejects.toThrow(
        /already holds other data.*companies: 2 rows/,
      );
      expect(siblings(dataDir)).toEqual(["db"]);
    },
    SLOW,
  );
});
