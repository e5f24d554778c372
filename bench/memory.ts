/**
 * `BENCH_ONLY=memory npm run bench` (issue 31 item 4): does the server's memory grow with the work?
 * The server runs as `npm start` runs it (its own process, from its build), and its node process's
 * RSS (VmRSS of /proc/<pid>/status) is read three times: after a warm-up ingest and a pause
 * ("before"), right after an ingest of BENCH_INGEST_MESSAGES (5,000) signed Cloud API webhooks, and
 * after BENCH_IDLE_MINUTES (10) of idling. It passes when after-idle / before <= 1.20.
 * RSS moves with the garbage collector's rhythm: each reading is followed by the heap the server
 * holds after a full collection (heapUsed), the figure a leak grows, asked of the server through a
 * probe the bench loads into its node process (NODE_OPTIONS --import; it answers SIGUSR2).
 *   BENCH_MEMORY_WARMUP      webhook deliveries of the warm-up (1,000): the code paths, the pools and the
 *                            prepared statements of the ingest exist before the first reading
 *   BENCH_MEMORY_PAUSE_S     seconds between the warm-up and the first reading (30)
 *   BENCH_IDLE_MINUTES       the idle after the ingest (10; shorter to try it), read once a minute too
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "../apps/server/src/db/client.js";
import { buildServer } from "./baseline.js";
import { benchIngest } from "./ingest.js";
import { npmStart } from "./npm-start.js";
import { benchSecretsKey, type BenchTenant } from "./seed.js";
import { treeCpuMs, treePids } from "./tree-memory.js";

const log = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The ratio after-idle / before the issue allows. */
export const memoryGrowthLimit = 1.2;

interface Rss {
  /** VmRSS: what the process holds in memory now. */
  rssMb: number;
  /** RssAnon: its heap and other private memory, without the mapped files (code, libraries). */
  anonMb: number;
}

function rssOf(pid: number): Rss {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rssMb: kb("VmRSS") / 1024, anonMb: kb("RssAnon") / 1024 };
}

/** The node process of `npm start`'s tree: npm and the shell it runs the script in hold no server memory. */
function serverPid(root: number): number {
  for (const pid of treePids(root)) {
    const [program, ...args] = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    if (path.basename(program ?? "") === "node" && args.includes("dist/main.js")) return pid;
  }
  throw new Error(`no server process (dist/main.js) under npm start's ${root}`);
}

/**
 * Loaded into every node of `npm start`'s tree, it acts in the server's only: on SIGUSR2 a full
 * collection, then process.memoryUsage() written into BENCH_HEAP_FILE. A data: URL, so no file
 * of JavaScript sits beside the bench's TypeScript; NODE_OPTIONS splits on spaces, hence the encoding.
 */
const heapProbe = `import v8 from "node:v8"; import vm from "node:vm"; import fs from "node:fs";
if (process.argv[1]?.endsWith("dist/main.js")) {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc");
  process.on("SIGUSR2", () => {
    gc();
    fs.writeFileSync(process.env.BENCH_HEAP_FILE + ".part", JSON.stringify(process.memoryUsage()));
    fs.renameSync(process.env.BENCH_HEAP_FILE + ".part", process.env.BENCH_HEAP_FILE);
  });
}`;

/** The server's heap in use after a full collection, in MB, and its RSS then. */
async function heapAfterGc(pid: number, file: string): Promise<{ heapMb: number; rssMb: number }> {
  rmSync(file, { force: true });
  process.kill(pid, "SIGUSR2");
  for (let waited = 0; !existsSync(file); waited += 100) {
    if (waited > 30_000) throw new Error("the server's heap probe did not answer (SIGUSR2)");
    await sleep(100);
  }
  const usage = JSON.parse(readFileSync(file, "utf8")) as { heapUsed: number; rss: number };
  return { heapMb: usage.heapUsed / 2 ** 20, rssMb: usage.rss / 2 ** 20 };
}

/**
 * RSS as found, then the heap after a full collection (which the reading itself causes). Only
 * before the ingest and at the end: a collection in between would shrink the RSS read later.
 */
interface Reading extends Rss {
  heapMb: number;
  rssAfterGcMb: number;
}

async function read(pid: number, heapFile: string): Promise<Reading> {
  const rss = rssOf(pid);
  const { heapMb, rssMb } = await heapAfterGc(pid, heapFile);
  return { ...rss, heapMb, rssAfterGcMb: rssMb };
}

const mb = (r: Rss | Reading) =>
  `RSS ${r.rssMb.toFixed(1)} MB (anonymous ${r.anonMb.toFixed(1)} MB)` +
  ("heapMb" in r
    ? `; after a full collection: heap ${r.heapMb.toFixed(1)} MB, RSS ${r.rssAfterGcMb.toFixed(1)} MB`
    : "");

function startServer(databaseUrl: string, dataDir: string, env: Record<string, string>) {
  return npmStart(
    {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT: "1000000",
      SECRETS_KEY: benchSecretsKey,
      WEB_DIST: "/nonexistent",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(heapProbe)}`,
      BENCH_HEAP_FILE: path.join(dataDir, "heap.json"),
      ...env,
    },
    path.join(dataDir, "server.log"),
    path.join(repoRoot, "apps/server"),
  );
}

function printMemory(messages: number, idleMinutes: number, before: Reading, after: Rss, idle: Reading) {
  const ratio = idle.rssMb / before.rssMb;
  const pass = ratio <= memoryGrowthLimit;
  const heap = (r: Reading) => ` (heap ${r.heapMb.toFixed(1)})`;
  log("");
  log(
    "| server MB: RSS (heap after a full collection) | before (after a warm-up) | right after the ingest | " +
      "after the idle | after idle / before: RSS (heap) |",
  );
  log("|---|---|---|---|---|");
  log(
    `| ${messages} messages, ${idleMinutes} min idle | ${before.rssMb.toFixed(1)}${heap(before)} | ` +
      `${after.rssMb.toFixed(1)} | ${idle.rssMb.toFixed(1)}${heap(idle)} | ` +
      `${ratio.toFixed(2)}× (${(idle.heapMb / before.heapMb).toFixed(2)}×) |`,
  );
  log(`memory: ${pass ? "pass" : "FAIL"} (RSS after idle / before ${ratio.toFixed(2)}, limit ${memoryGrowthLimit})`);
  return pass;
}

export async function memoryFigure(database: Database, tenant: BenchTenant, databaseUrl: string): Promise<boolean> {
  const warmup = Number(process.env.BENCH_MEMORY_WARMUP ?? 1000);
  const pauseMs = Number(process.env.BENCH_MEMORY_PAUSE_S ?? 30) * 1000;
  const idleMinutes = Number(process.env.BENCH_IDLE_MINUTES ?? 10);
  buildServer(repoRoot, true);
  const ingest = await benchIngest.prepare(database, tenant);
  const dataDir = mkdtempSync(path.join(tmpdir(), "balcao-bench-memory-"));
  const heapFile = path.join(dataDir, "heap.json");
  log(`bench memory: starting the server (log ${path.join(dataDir, "server.log")})`);
  const server = await startServer(databaseUrl, dataDir, ingest.env);
  try {
    const pid = serverPid(server.pid);
    const cpu = () => treeCpuMs(server.pid);
    log(`bench memory: server ${pid} started, ${mb(rssOf(pid))}; warm-up of ${warmup} messages`);
    await ingest.run(server.base, database, cpu, warmup);
    await sleep(pauseMs);
    const before = await read(pid, heapFile);
    log(`bench memory: before: ${mb(before)}`);
    const figure = await ingest.run(server.base, database, cpu);
    const after = rssOf(pid);
    log(`bench memory: right after ${figure.runs} messages (${figure.note}): ${mb(after)}`);
    const idleStart = Date.now();
    const idleEnd = idleStart + idleMinutes * 60_000;
    while (Date.now() < idleEnd - 60_000) {
      await sleep(60_000);
      log(`bench memory: idle ${((Date.now() - idleStart) / 60_000).toFixed(1)} min: ${mb(rssOf(pid))}`);
    }
    await sleep(Math.max(0, idleEnd - Date.now()));
    const idle = await read(pid, heapFile);
    log(`bench memory: after ${idleMinutes} min idle: ${mb(idle)}`);
    return printMemory(figure.runs, idleMinutes, before, after, idle);
  } finally {
    await server.stop();
    await ingest.close();
    if (!process.env.BENCH_KEEP) rmSync(dataDir, { recursive: true, force: true });
  }
}
