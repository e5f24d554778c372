/**
 * `npm run bench` (DESIGN §9): seeds (once) a PostgreSQL database with one
 * company of 100k tickets / 1M messages / 50k contacts, starts the real server
 * on it and reports p50/p95 of the ticket list (each filter and text search),
 * the message page, the dashboard's calls (30 and 90 days), and inbound ingest throughput through the Cloud API
 * webhook. The lists run after a VACUUM (ANALYZE) of the tables they read,
 * as autovacuum keeps a live database (see settle). Environment:
 *   BENCH_DATABASE_URL   the database (default: balcao_bench on the local PostgreSQL)
 *   BENCH_RESEED=1       seed again
 *   BENCH_ONLY=ingest    only the ingest figure (BENCH_ONLY=lists: only the lists and message pages;
 *                        BENCH_ONLY=dashboard: only the dashboard calls; BENCH_ONLY=import: only the
 *                        import of a contact list of BENCH_IMPORT_ROWS rows (10,000), without the seed;
 *                        BENCH_ONLY=campaign: only a campaign's dispatch to BENCH_CAMPAIGN_RECIPIENTS
 *                        (2,000) with no intervals through the fake Graph API, without the seed;
 *                        BENCH_ONLY=flow: only a flow step with BENCH_FLOW_TICKETS (1,000) tickets inside
 *                        flows, through the fake Graph API, without the seed)
 *   BENCH_RUNS           calls per list/message scenario (default 200)
 *   BENCH_INGEST_MESSAGES, BENCH_INGEST_CONCURRENCY   webhook deliveries (5000) and how many at once (16)
 *   BENCH_ROUTING=1      the connection offers the queues: each customer message on a waiting ticket gets the bot's
 *                        answer (ingest with routing on); the figure waits for the last answer and reports answers/s
 *   BENCH_SOCKETS=N      the ingest figure without and with N Socket.IO clients of the company listening (its
 *                        admin and its agents, each limited to two queues), alternating over BENCH_PAIRS pairs (2),
 *                        and the ratios with / without (bench/sockets.ts)
 *   BENCH_ONLY=memory    instead, the leak test: the server's RSS before and after an ingest and after
 *                        BENCH_IDLE_MINUTES (10) of idling, within 20 % (bench/memory.ts)
 *   BENCH_TARGETS=embedded,postgres   instead, the server as `npm start` runs it, once per database, with
 *                        the memory of its whole process tree (bench/targets.ts)
 *   BENCH_BASELINE=<git ref or folder>   instead, the figures BENCH_ONLY chooses (ingest, lists, dashboard; all
 *                        three when unset) on that checkout too, in the same run: alternating baseline, current
 *                        (BENCH_PAIRS pairs, 3), each side its own server process driven by this bench and its own
 *                        database (BENCH_BASELINE_DATABASE_URL, default BENCH_DATABASE_URL's name + "_base_<commit>") seeded
 *                        by its own code; prints the medians and each figure's ratio current / baseline, the
 *                        ingest's CPU per message (server + PostgreSQL) included (bench/baseline.ts)
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "../apps/server/src/config.js";
import { openPostgres, type Database } from "../apps/server/src/db/client.js";
import { createServer } from "../apps/server/src/server.js";
import { startFakeGraph } from "../apps/server/test/fake-graph.js";
import { campaignFigure, prepareCampaign } from "./campaign.js";
import { dashboardFigures } from "./dashboard.js";
import { flowFigure, flowStepBudgetMs, prepareFlow } from "./flow.js";
import { importBudgetMs, importFigure, importFigureName } from "./import.js";
import { runBaseline } from "./baseline.js";
import { benchIngest } from "./ingest.js";
import { budgetOf, listAndMessages, settle } from "./lists.js";
import { printFigures, type Figure } from "./measure.js";
import { memoryFigure } from "./memory.js";
import { benchSecretsKey, findBenchTenant, seedBench, type BenchTenant } from "./seed.js";
import { ingestBesideSockets, socketCount } from "./sockets.js";
import { printTargets, runTarget, type TargetResult } from "./targets.js";

const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/balcao_bench";
const log = (line: string) => process.stdout.write(`${line}\n`);

async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const { rowCount } = await client.query(`select 1 from pg_database where datname = $1`, [name]);
  if (!rowCount) await client.query(`create database "${name.replace(/"/g, "")}"`);
  await client.end();
}

async function main() {
  const baseline = process.env.BENCH_BASELINE;
  if (baseline) return runBaseline(baseline, databaseUrl, ensureDatabase);
  const targets = process.env.BENCH_TARGETS;
  if (targets) {
    const results: TargetResult[] = [];
    for (const target of targets.split(",").map((t) => t.trim())) {
      results.push(await runTarget(target, databaseUrl, ensureDatabase));
    }
    log("");
    log(printTargets(results));
    return;
  }
  await ensureDatabase(databaseUrl);
  const database = await openPostgres(databaseUrl, 10);
  await database.migrate();
  const only = process.env.BENCH_ONLY;
  if (only === "import") return importOnly(database);
  if (only === "campaign") return campaignOnly(database);
  if (only === "flow") return flowOnly(database);
  const tenant = (!process.env.BENCH_RESEED && (await findBenchTenant(database))) || (await seedBench(database, log));
  if (only === "memory") return memoryOnly(database, tenant);
  const dataDir = mkdtempSync(path.join(tmpdir(), "balcao-bench-"));
  const ingest = await benchIngest.prepare(database, tenant);
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT: "1000000",
    WEB_DIST: "/nonexistent",
    PORT: "0",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SECRETS_KEY: benchSecretsKey,
    ...ingest.env,
  });
  const { server, base } = await startServer(config, database);
  try {
    // The lists settle the database first; the dashboard alone does it itself.
    if (only === "dashboard") await settle(database, tenant.companyId);
    const figures = [
      ...(only === "ingest" || only === "dashboard" ? [] : await listAndMessages(base, tenant, database)),
      ...(only === "ingest" || only === "lists" ? [] : await dashboardFigures(base)),
      ...(only === "lists" || only === "dashboard"
        ? []
        : socketCount()
          ? await ingestBesideSockets(base, database, () => ingest.run(base, database))
          : [await ingest.run(base, database)]),
      ...(only ? [] : [await importFigure(base, database)]),
    ];
    log("");
    log(printFigures(figures, (f) => (f.name.startsWith(importFigureName) ? importBudgetMs : budgetOf(f))));
  } finally {
    await ingest.close();
    await server.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function startServer(config: ReturnType<typeof loadConfig>, database: Database) {
  const server = await createServer(config, database);
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  return { server, base: `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api` };
}

/** A figure that needs no data set: a server on the database, the figure's company its own. */
async function withoutSeed(
  database: Database,
  env: Record<string, string>,
  figure: (base: string) => Promise<Figure>,
  budget: (f: Figure) => number | undefined,
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "balcao-bench-"));
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    WEB_DIST: "/nonexistent",
    PORT: "0",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SECRETS_KEY: benchSecretsKey,
    ...env,
  });
  const { server, base } = await startServer(config, database);
  try {
    log("");
    log(printFigures([await figure(base)], budget));
  } finally {
    await server.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The leak test's server is a process of its own: this one's memory holds the bench too. */
async function memoryOnly(database: Database, tenant: BenchTenant) {
  try {
    if (!(await memoryFigure(database, tenant, databaseUrl))) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

function importOnly(database: Database) {
  return withoutSeed(
    database,
    {},
    (base) => importFigure(base, database),
    () => importBudgetMs,
  );
}

/** The fake Graph API in this process: its work per send is small beside the server's four commits. */
async function campaignOnly(database: Database) {
  const fake = await startFakeGraph();
  try {
    const bench = await prepareCampaign(database, fake);
    await withoutSeed(
      database,
      { WHATSAPP_GRAPH_URL: fake.url },
      (base) => campaignFigure(base, database, fake, bench),
      () => undefined,
    );
  } finally {
    await fake.close();
  }
}

/** The fake Graph API in this process, as for the campaign. */
async function flowOnly(database: Database) {
  const fake = await startFakeGraph();
  try {
    const bench = await prepareFlow(database, fake);
    await withoutSeed(
      database,
      { WHATSAPP_GRAPH_URL: fake.url },
      (base) => flowFigure(base, database, fake, bench),
      () => flowStepBudgetMs,
    );
  } finally {
    await fake.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
