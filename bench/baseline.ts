/**
 * `BENCH_BASELINE=<git ref or folder> npm run bench`: the chosen figures (BENCH_ONLY: ingest, lists,
 * dashboard, or all three when unset) measured on this checkout and on the baseline in the same run,
 * alternating baseline, current, baseline, current… (BENCH_PAIRS pairs, 3), each side on its own
 * database seeded by its own code, and printed as one table of medians with each figure's ratio
 * current / baseline.
 *
 * The harness is this checkout's bench code for both sides: each side's server runs as its own
 * process (`npm start` in its apps/server, from its build where it has one) and is driven over
 * HTTP, and its CPU is read from its process tree; PostgreSQL's from the backends of its database.
 *   BENCH_BASELINE                a folder (a checkout, used as it is; its server built if it has a build
 *                                 and no dist) or a git ref of this repository (extracted with `git archive`
 *                                 into BENCH_BASELINE_CACHE/<commit>, default $TMPDIR/balcao-bench-baseline,
 *                                 `npm ci` there once: a second run against the same commit starts at once)
 *   BENCH_BASELINE_DATABASE_URL   the baseline's database (default: BENCH_DATABASE_URL's name + "_base_<commit>"
 *                                 for a ref, each commit's database its own schema; + "_base" for a folder, whose
 *                                 schema must be the one that database was seeded with, else BENCH_RESEED=1)
 *   BENCH_PAIRS                   how many baseline/current pairs (3)
 * Each database is seeded (once; BENCH_RESEED=1 again) by its side's own bench/seed.ts, which the
 * baseline must have (commits from before the bench do not); the tables an older schema lacks are
 * skipped when ingest takes its messages out again and when the lists vacuum. The lists and the
 * dashboard call the current bench's routes: a baseline whose API differs fails there.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openPostgres, type Database } from "../apps/server/src/db/client.js";
import { dashboardFigures } from "./dashboard.js";
import { benchIngest } from "./ingest.js";
import { listAndMessages, settle } from "./lists.js";
import type { Figure } from "./measure.js";
import { npmStart, type NpmStart } from "./npm-start.js";
import { BENCH, benchSecretsKey, type BenchTenant } from "./seed.js";
import { treeCpuMs } from "./tree-memory.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const log = (line: string) => process.stdout.write(`${line}\n`);

/** Runs a command, its output into `logFile`; throws with the log's tail if it fails. */
function run(command: string, args: string[], cwd: string, logFile: string, env: Record<string, string> = {}) {
  log(`bench: ${command} ${args.join(" ")} (in ${cwd}, log ${logFile})`);
  const out = spawnSync(command, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  writeFileSync(logFile, `${out.stdout ?? ""}${out.stderr ?? ""}`, { flag: "a" });
  if (out.status !== 0) {
    const tail = readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n");
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd} (${out.status ?? out.signal}):\n${tail}`);
  }
  return out.stdout;
}

/** The baseline's checkout: the folder given, or the commit extracted (and installed) once into the cache. */
function prepareCheckout(spec: string): { dir: string; commit?: string } {
  if (existsSync(spec) && statSync(spec).isDirectory()) {
    const dir = path.resolve(spec);
    if (!existsSync(path.join(dir, "node_modules"))) run("npm", ["ci", "--no-audit", "--no-fund"], dir, "/dev/null");
    return { dir };
  }
  const commit = execFileSync("git", ["rev-parse", "--verify", `${spec}^{commit}`], {
    cwd: repoRoot,
    encoding: "utf8",
  }).trim();
  const cache = process.env.BENCH_BASELINE_CACHE ?? path.join(tmpdir(), "balcao-bench-baseline");
  const dir = path.join(cache, commit);
  const ready = path.join(dir, ".bench-ready");
  if (existsSync(ready)) {
    log(`bench baseline: ${spec} = ${commit.slice(0, 9)}, prepared before in ${dir}`);
    return { dir, commit };
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  log(`bench baseline: ${spec} = ${commit.slice(0, 9)}: extracting into ${dir} and installing (npm ci)`);
  execFileSync("sh", ["-c", `git archive ${commit} | tar -x -C '${dir}'`], { cwd: repoRoot, stdio: "inherit" });
  run("npm", ["ci", "--no-audit", "--no-fund"], dir, path.join(dir, "npm-ci.log"));
  writeFileSync(ready, `${commit}\n`);
  return { dir, commit };
}

/** The server's build (apps/server/dist), where its checkout has one; `always` for this checkout's. */
export function buildServer(checkout: string, always: boolean) {
  const serverDir = path.join(checkout, "apps/server");
  const pkg = JSON.parse(readFileSync(path.join(serverDir, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  if (!pkg.scripts?.build) return; // an older server runs from its sources (tsx)
  if (!always && existsSync(path.join(serverDir, "dist/main.js"))) return;
  run("npm", ["run", "build"], serverDir, path.join(tmpdir(), `balcao-bench-build-${process.pid}.log`));
}

/**
 * Migrates and seeds (once) `databaseUrl` with the checkout's own code: a script written into the
 * checkout, run with its tsx, importing its bench/seed.ts and its database client.
 */
function seedWithOwnCode(checkout: string, databaseUrl: string) {
  if (!existsSync(path.join(checkout, "bench/seed.ts"))) {
    throw new Error(`BENCH_BASELINE: ${checkout} has no bench/seed.ts to seed its own database with`);
  }
  const script = path.join(checkout, `.bench-seed-${process.pid}.ts`);
  writeFileSync(
    script,
    `import { openPostgres } from "./apps/server/src/db/client.js";
import { findBenchTenant, seedBench } from "./bench/seed.js";
const db = await openPostgres(process.env.BENCH_SEED_URL!, 10);
await db.migrate();
if (process.env.BENCH_RESEED || !(await findBenchTenant(db))) await seedBench(db, (l) => console.log(l));
await db.close();
`,
  );
  const own = path.join(checkout, "node_modules/.bin/tsx");
  const tsx = existsSync(own) ? own : path.join(repoRoot, "node_modules/.bin/tsx");
  try {
    const out = run(tsx, [script], checkout, path.join(tmpdir(), `balcao-bench-seed-${process.pid}.log`), {
      BENCH_SEED_URL: databaseUrl,
      SECRETS_KEY: benchSecretsKey,
    });
    if (out.trim()) log(out.trim());
  } finally {
    rmSync(script, { force: true });
  }
}

/** The bench company as any version's seed wrote it (the seed version aside). */
async function tenantOf(database: Database): Promise<BenchTenant> {
  const { rows } = await database.raw.query<{ id: number }>(`select id from companies where name = $1`, [
    BENCH.company,
  ]);
  const companyId = rows[0]?.id;
  if (companyId === undefined) throw new Error(`no "${BENCH.company}" in the database after its seed`);
  const ids = (sql: string) =>
    database.raw.query<{ id: number }>(sql, [companyId]).then((r) => r.rows.map((x) => x.id));
  const [queueIds, whatsappIds, tagIds] = await Promise.all([
    ids(`select id from queues where company_id = $1 order by id`),
    ids(`select id from whatsapps where company_id = $1 order by id`),
    ids(`select id from tags where company_id = $1 order by id`),
  ]);
  return { companyId, queueIds, whatsappId: whatsappIds[0]!, tagIds };
}

interface Side {
  label: "baseline" | "current";
  checkout: string;
  databaseUrl: string;
  database?: Database;
  tenant?: BenchTenant;
  ingest?: Awaited<ReturnType<typeof benchIngest.prepare>>;
  server?: NpmStart;
  dataDir?: string;
  /** Every pair's value of each row of the table, by row name. */
  values: Map<string, number[]>;
}

async function startSide(side: Side, ensure: (url: string) => Promise<void>) {
  await ensure(side.databaseUrl);
  seedWithOwnCode(side.checkout, side.databaseUrl);
  side.database = await openPostgres(side.databaseUrl, 10);
  side.tenant = await tenantOf(side.database);
  side.ingest = await benchIngest.prepare(side.database, side.tenant);
  side.dataDir = mkdtempSync(path.join(tmpdir(), `balcao-bench-${side.label}-`));
  const logFile = path.join(side.dataDir, "server.log");
  log(`bench ${side.label}: starting its server (${side.checkout}, log ${logFile})`);
  side.server = await npmStart(
    {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT: "1000000",
      SECRETS_KEY: benchSecretsKey,
      WEB_DIST: "/nonexistent",
      DATA_DIR: side.dataDir,
      DATABASE_URL: side.databaseUrl,
      ...side.ingest.env,
    },
    logFile,
    path.join(side.checkout, "apps/server"),
  );
}

async function stopSide(side: Side) {
  await side.server?.stop().catch(() => undefined);
  await side.ingest?.close().catch(() => undefined);
  await side.database?.close().catch(() => undefined);
  if (side.dataDir && !process.env.BENCH_KEEP) rmSync(side.dataDir, { recursive: true, force: true });
}

/** The rows one measurement of one side gives: a row name and its value (lower is better unless noted). */
function rowsOf(figures: Figure[]): [string, number][] {
  const rows: [string, number][] = [];
  for (const f of figures) {
    if (f.perSecond !== undefined && f.cpuPerMessage) {
      const cpu = f.cpuPerMessage;
      rows.push([`${f.name}: msg/s (higher is better)`, f.perSecond]);
      rows.push([`${f.name}: server CPU ms/msg`, cpu.server]);
      if (cpu.postgres !== undefined) {
        rows.push([`${f.name}: PostgreSQL CPU ms/msg`, cpu.postgres]);
        rows.push([`${f.name}: server + PostgreSQL CPU ms/msg`, cpu.server + cpu.postgres]);
      }
      rows.push([`${f.name}: delivery p95 ms`, f.p95]);
      if (f.answers) {
        // Both sides must have answered alike for their CPU to compare.
        rows.push([`${f.name}: bot messages sent (count)`, f.answers.sent]);
        rows.push([`${f.name}: bot messages/s (higher is better)`, f.answers.perSecond]);
      }
    } else rows.push([`${f.name}: p95 ms`, f.p95]);
  }
  return rows;
}

async function measureSide(side: Side, only: string | undefined): Promise<Figure[]> {
  const { server, tenant, database, ingest } = side;
  const base = server!.base;
  // The lists settle the database first; the dashboard alone does it itself (as without a baseline).
  if (only === "dashboard") await settle(database!, tenant!.companyId);
  return [
    ...(only === "ingest" || only === "dashboard" ? [] : await listAndMessages(base, tenant!, database)),
    ...(only === "ingest" || only === "lists" ? [] : await dashboardFigures(base)),
    ...(only === "lists" || only === "dashboard"
      ? []
      : [await ingest!.run(base, database, () => treeCpuMs(server!.pid))]),
  ];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const fmt = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(2));

export function printComparison(baseline: Side, current: Side, label: string): string {
  const rows = [...current.values.keys()].map((name) => {
    const b = baseline.values.get(name) ?? [];
    const c = current.values.get(name) ?? [];
    const mb = b.length ? median(b) : NaN;
    const mc = c.length ? median(c) : NaN;
    const ratio = Number.isFinite(mb) && mb !== 0 ? `${(mc / mb).toFixed(2)}×` : "–";
    const pairs = b.map((v, i) => `${fmt(v)} → ${c[i] === undefined ? "–" : fmt(c[i])}`).join("; ");
    return `| ${name} | ${fmt(mb)} | ${fmt(mc)} | ${ratio} | ${pairs} |`;
  });
  const pairs = current.values.values().next().value?.length ?? 0;
  return [
    `| figure (median of ${pairs} ${pairs === 1 ? "pair" : "pairs"}) | baseline ${label} | current | current / baseline | each pair (baseline → current) |`,
    "|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

export async function runBaseline(spec: string, databaseUrl: string, ensure: (url: string) => Promise<void>) {
  const only = process.env.BENCH_ONLY;
  if (only && !["ingest", "lists", "dashboard"].includes(only)) {
    throw new Error(`BENCH_BASELINE: BENCH_ONLY=${only} is not compared (ingest, lists, dashboard, or unset)`);
  }
  const pairs = Number(process.env.BENCH_PAIRS ?? 3);
  const { dir: checkout, commit } = prepareCheckout(spec);
  // A database per baseline commit: each holds its own commit's schema.
  const baseUrl = new URL(databaseUrl);
  baseUrl.pathname = `${baseUrl.pathname}_base${commit ? `_${commit.slice(0, 7)}` : ""}`;
  buildServer(checkout, false);
  buildServer(repoRoot, true);
  const baseline: Side = {
    label: "baseline",
    checkout,
    databaseUrl: process.env.BENCH_BASELINE_DATABASE_URL ?? baseUrl.toString(),
    values: new Map(),
  };
  const current: Side = { label: "current", checkout: repoRoot, databaseUrl, values: new Map() };
  if (baseline.databaseUrl === current.databaseUrl) throw new Error("BENCH_BASELINE: both sides on one database");
  try {
    // One after the other: the seeds and the builds are heavy; the servers then idle side by side.
    await startSide(baseline, ensure);
    await startSide(current, ensure);
    for (let pair = 1; pair <= pairs; pair++) {
      for (const side of [baseline, current]) {
        log(`bench: pair ${pair} of ${pairs}, ${side.label}`);
        for (const [name, value] of rowsOf(await measureSide(side, only))) {
          side.values.set(name, [...(side.values.get(name) ?? []), value]);
          if (name.includes("ingest")) log(`bench ${side.label}: ${name} ${fmt(value)}`);
        }
      }
    }
  } finally {
    await stopSide(current);
    await stopSide(baseline);
  }
  log("");
  log(printComparison(baseline, current, spec));
}
