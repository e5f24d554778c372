/**
 * `BENCH_TARGETS=embedded,postgres npm run bench`: the server as an operator runs it
 * (`npm start`, its own process tree), once per database, in one table: ingest through
 * signed Cloud API webhooks, the ticket lists' p95, and the memory of the whole tree
 * (npm, its shell, node, an embedded database's processes; PSS) idle after the start
 * and at its peak during the ingest. An outside PostgreSQL is not part of the tree.
 *   embedded   the default with no DATABASE_URL, in a fresh DATA_DIR seeded by the bench first
 *   postgres   BENCH_DATABASE_URL (seeded once, as the in-process bench does)
 *   BENCH_CHECKOUT      runs `npm start` of another checkout (before and after a change)
 *   BENCH_EMBEDDED_SEED a data directory seeded before (BENCH_KEEP=1 keeps a run's): copied, not seeded again
 *   BENCH_KEEP=1        keeps the run's data directory and npm start's log
 *   BENCH_ONLY=idle     only the idle tree, on a fresh database (nothing seeded: a first start)
 *   BENCH_IDLE_WAIT_MS  how long the started server idles before its memory is read (10 s)
 */
import { chmodSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, openPostgres, type Database } from "../apps/server/src/db/client.js";
import { benchIngest } from "./ingest.js";
import { listAndMessages, settle } from "./lists.js";
import type { Figure } from "./measure.js";
import { npmStart } from "./npm-start.js";
import { benchSecretsKey, findBenchTenant, seedBench } from "./seed.js";
import { describeTree, treeCpuMs, treeMemory, watchPeak, type TreeMemory } from "./tree-memory.js";

const log = (line: string) => process.stdout.write(`${line}\n`);

export interface TargetResult {
  target: string;
  ingest?: Figure;
  worstList?: Figure;
  idle: TreeMemory;
  peak?: TreeMemory;
}

interface Opened {
  database: Database;
  /** The server holds an embedded database alone: the bench lets go of it before the start. */
  embedded: boolean;
  env: Record<string, string>;
  dirs: string[];
}

/** The cluster's own messages matter only when it fails to start. */
const clusterLog = { info: () => undefined, warn: (_: object, msg: string) => process.stderr.write(`${msg}\n`) };

async function open(target: string, databaseUrl: string, ensure: (url: string) => Promise<void>): Promise<Opened> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "balcao-bench-tree-"));
  // As root the embedded cluster runs as the postgres user, who must reach the data directory.
  chmodSync(dataDir, 0o755);
  if (target === "embedded") {
    const seeded = process.env.BENCH_EMBEDDED_SEED;
    if (seeded) cpSync(seeded, dataDir, { recursive: true });
    return {
      database: await openDatabase({ dataDir, log: clusterLog }),
      embedded: true,
      env: { DATA_DIR: dataDir, DATABASE_URL: "" },
      dirs: [dataDir],
    };
  }
  if (target !== "postgres") throw new Error(`BENCH_TARGETS: unknown target "${target}" (embedded, postgres)`);
  await ensure(databaseUrl);
  return {
    database: await openPostgres(databaseUrl, 10),
    embedded: false,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    dirs: [dataDir],
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const serverEnv = {
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  AUTH_RATE_LIMIT: "1000000",
  SECRETS_KEY: benchSecretsKey,
};
const idleWaitMs = () => Number(process.env.BENCH_IDLE_WAIT_MS ?? 10_000);

/** A first start's idle tree: the embedded default on a fresh data directory, or the given database. */
async function idleOnly(target: string, databaseUrl: string, ensure: (url: string) => Promise<void>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "balcao-bench-tree-"));
  // As root the embedded cluster runs as the postgres user, who must reach the data directory.
  chmodSync(dataDir, 0o755);
  if (target === "postgres") await ensure(databaseUrl);
  const env = { ...serverEnv, DATA_DIR: dataDir, DATABASE_URL: target === "postgres" ? databaseUrl : "" };
  const server = await npmStart(env, path.join(dataDir, "npm-start.log"), process.env.BENCH_CHECKOUT);
  try {
    await sleep(idleWaitMs());
    const idle = treeMemory(server.pid);
    log(`bench ${target}: idle tree ${idle.pssMb.toFixed(0)} MB PSS\n${describeTree(idle)}`);
    return { target, idle };
  } finally {
    await server.stop();
    if (!process.env.BENCH_KEEP) rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runTarget(
  target: string,
  databaseUrl: string,
  ensure: (url: string) => Promise<void>,
): Promise<TargetResult> {
  if (process.env.BENCH_ONLY === "idle") return idleOnly(target, databaseUrl, ensure);
  const opened = await open(target, databaseUrl, ensure);
  const { database, embedded } = opened;
  await database.migrate();
  const tenant = (!process.env.BENCH_RESEED && (await findBenchTenant(database))) || (await seedBench(database, log));
  const ingest = await benchIngest.prepare(database, tenant);
  if (embedded) {
    await settle(database, tenant.companyId);
    await database.close();
  }
  const reachable = embedded ? undefined : database;
  const logFile = path.join(opened.dirs[0]!, "npm-start.log");
  let server: Awaited<ReturnType<typeof npmStart>> | undefined;
  try {
    log(`bench ${target}: npm start (log ${logFile})`);
    server = await npmStart({ ...opened.env, ...serverEnv, ...ingest.env }, logFile, process.env.BENCH_CHECKOUT);
    await sleep(idleWaitMs());
    const idle = treeMemory(server.pid);
    log(`bench ${target}: idle tree ${idle.pssMb.toFixed(0)} MB PSS\n${describeTree(idle)}`);
    const only = process.env.BENCH_ONLY;
    const lists = only === "ingest" ? [] : await listAndMessages(server.base, tenant, reachable);
    const worstList = lists.filter((f) => f.name.startsWith("tickets")).sort((a, b) => b.p95 - a.p95)[0];
    if (only === "lists") return { target, worstList, idle };
    const root = server.pid;
    const watch = watchPeak(root);
    const figure = await ingest.run(server.base, reachable, () => treeCpuMs(root));
    const peak = watch.stop();
    log(
      `bench ${target}: ${figure.note}\nbench ${target}: peak tree ${peak.pssMb.toFixed(0)} MB PSS\n${describeTree(peak)}`,
    );
    return { target, ingest: figure, worstList, idle, peak };
  } finally {
    await server?.stop();
    await ingest.close();
    if (!embedded) await database.close();
    if (!process.env.BENCH_KEEP) for (const dir of opened.dirs) rmSync(dir, { recursive: true, force: true });
  }
}

export function printTargets(results: TargetResult[]): string {
  const mb = (t?: TreeMemory) => (t ? t.pssMb.toFixed(0) : "–");
  const rows = results.map(
    (r) =>
      `| ${r.target} | ${r.ingest?.perSecond ?? "–"} | ` +
      `${r.worstList ? `${r.worstList.p95.toFixed(1)} (${r.worstList.name})` : "–"} | ${mb(r.idle)} | ${mb(r.peak)} |`,
  );
  return [
    "| database | ingest msg/s (signed Cloud webhooks, 16 at a time) | ticket list p95 ms (slowest) | idle tree PSS MB | peak tree PSS MB (ingest) |",
    "|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}
