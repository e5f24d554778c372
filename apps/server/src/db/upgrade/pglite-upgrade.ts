/**
 * Moves the data of a PGlite database made by the earlier build (DATA_DIR/db)
 * into PostgreSQL (the embedded cluster or any server). The old directory is
 * only read, through a private copy, and is renamed aside only once the target
 * holds every row; any failure leaves it exactly as it was.
 */
import { cpSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { openPostgres } from "../client.js";
import { migrationHashes, rowCounts, sequencePositions, tableNames, tablePlans, type Sql } from "./catalog.js";
import { hasPgliteData, pgliteDirectory } from "./at-start.js";
import { copyLaterReferences, copyTable } from "./copy.js";
import { copyWaitingJobs } from "./jobs.js";

/** The one command that does the move by hand, named in every failure. */
export const UPGRADE_COMMAND = "npm run db:upgrade";

export interface UpgradeLog {
  info(message: string): void;
}

export type UpgradeResult =
  { status: "none" } | { status: "moved"; counts: Record<string, number>; waitingJobs: number; keptAt: string };

export class UpgradeError extends Error {}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "migrations");

export async function upgradeFromPglite(opts: {
  dataDir: string;
  targetUrl: string;
  log: UpgradeLog;
}): Promise<UpgradeResult> {
  const source = pgliteDirectory(opts.dataDir);
  if (!hasPgliteData(opts.dataDir)) return { status: "none" };
  opts.log.info(`found the earlier build's PGlite database in ${source}: moving its data to PostgreSQL`);
  const work = `${source}.upgrade-work`;
  try {
    const { counts, waitingJobs } = await moveData(source, work, opts.targetUrl, opts.log);
    const keptAt = `${source}.pglite-moved-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    renameSync(source, keptAt);
    opts.log.info(
      `moved ${describe(counts)} and ${waitingJobs} waiting jobs; the old PGlite directory is kept as ${keptAt}`,
    );
    return { status: "moved", counts, waitingJobs, keptAt };
  } catch (err) {
    const reason = rootCause(err);
    throw new UpgradeError(
      `The data of the earlier build's PGlite database (${source}) was not moved to PostgreSQL: ${reason}. ` +
        `Nothing in ${source} was changed. Fix the cause, then run \`${UPGRADE_COMMAND}\`.`,
      { cause: err },
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The driver's own words: drizzle wraps them in "Failed query: <the SQL>", which tells an operator nothing. */
function rootCause(err: unknown): string {
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}

const describe = (counts: Record<string, number>) =>
  `${Object.values(counts).reduce((a, b) => a + b, 0)} rows in ${Object.keys(counts).length} tables`;

async function moveData(source: string, work: string, targetUrl: string, log: UpgradeLog) {
  // PGlite writes to the directory it opens (and the migrations below may too): open a copy.
  rmSync(work, { recursive: true, force: true });
  cpSync(source, work, { recursive: true });
  const pglite = new PGlite({ dataDir: work, extensions: { pg_trgm } });
  await pglite.waitReady;
  const target = new pg.Client({ connectionString: targetUrl });
  try {
    // The earlier build may be some migrations behind: bring the copy to this build's level first.
    await migrate(drizzle(pglite) as never, { migrationsFolder });
    await migrateTarget(targetUrl);
    await target.connect();
    const from: Sql = async (text, values) => (await pglite.query<Record<string, unknown>>(text, values)).rows;
    const to: Sql = async (text, values) => (await target.query<Record<string, unknown>>(text, values)).rows;
    await sameLevel(from, to);
    const expected = await rowCounts(from, await tableNames(from));
    const before = await rowCounts(to, Object.keys(expected));
    if (Object.values(before).every((n) => n === 0)) {
      log.info(`copying ${describe(expected)}`);
      await copyAll(pglite, target, from, expected);
    } else if (!sameCounts(before, expected)) {
      const busy = Object.entries(before).filter(([, n]) => n > 0);
      throw new Error(
        `the target database already holds other data (${busy.map(([t, n]) => `${t}: ${n} rows`).join(", ")}); ` +
          "the move needs a database with no rows",
      );
    } else log.info("the target already holds these rows (an earlier run copied them); verifying");
    await verify(to, expected);
    return { counts: expected, waitingJobs: await copyWaitingJobs(pglite, from, targetUrl) };
  } finally {
    await target.end().catch(() => undefined);
    await pglite.close();
  }
}

async function migrateTarget(url: string) {
  const db = await openPostgres(url, 1);
  try {
    await db.migrate();
  } finally {
    await db.close();
  }
}

async function sameLevel(from: Sql, to: Sql) {
  const [a, b] = [await migrationHashes(from), await migrationHashes(to)];
  if (a.join() !== b.join()) {
    throw new Error(`the databases are at different migration levels (${a.length} migrations against ${b.length})`);
  }
  const [ta, tb] = [await tableNames(from), await tableNames(to)];
  const missing = ta.filter((t) => !tb.includes(t));
  if (missing.length > 0) throw new Error(`the target has no table ${missing.join(", ")}`);
}

/** One transaction: the target gets every row or none. */
async function copyAll(pglite: PGlite, target: pg.Client, from: Sql, expected: Record<string, number>) {
  const to: Sql = async (text, values) => (await target.query<Record<string, unknown>>(text, values)).rows;
  await target.query("BEGIN");
  try {
    const plans = await tablePlans(from);
    // The rows are copied as they are, kept counts (ticket_counts, ticket_day_stats) included: the triggers that
    // keep those as tickets change would count every copied ticket a second time. Foreign keys stay checked.
    for (const table of plans) await target.query(`ALTER TABLE public."${table.name}" DISABLE TRIGGER USER`);
    for (const table of plans) await copyTable(pglite, target, table);
    for (const table of plans) await copyLaterReferences(pglite, target, table);
    for (const table of plans) await target.query(`ALTER TABLE public."${table.name}" ENABLE TRIGGER USER`);
    // Where each sequence stood, so the next row gets the id the old database would have given it.
    for (const seq of await sequencePositions(from)) {
      if (seq.lastValue !== null)
        await to(`SELECT setval($1::regclass, $2::bigint, true)`, [`public."${seq.name}"`, seq.lastValue]);
    }
    await verify(to, expected);
    await target.query("COMMIT");
  } catch (err) {
    await target.query("ROLLBACK").catch(() => undefined);
    throw err;
  }
}

const sameCounts = (a: Record<string, number>, b: Record<string, number>) => Object.keys(b).every((t) => a[t] === b[t]);

async function verify(to: Sql, expected: Record<string, number>) {
  const found = await rowCounts(to, Object.keys(expected));
  const wrong = Object.keys(expected).filter((t) => found[t] !== expected[t]);
  if (wrong.length > 0) {
    throw new Error(
      `the copy does not match: ${wrong.map((t) => `${t} has ${found[t]} rows, expected ${expected[t]}`).join("; ")}`,
    );
  }
}
