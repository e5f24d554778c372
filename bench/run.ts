/**
 * `npm run bench` (DESIGN §9): seeds (once) a PostgreSQL database with one
 * company of 100k tickets / 1M messages / 50k contacts, starts the real server
 * on it and reports p50/p95 of the ticket list (each filter and text search),
 * the message page, and inbound ingest throughput through the Cloud API
 * webhook. The lists run after a VACUUM (ANALYZE) of the tables they read,
 * as autovacuum keeps a live database (see settle). Environment:
 *   BENCH_DATABASE_URL   the database (default: balcao_bench on the local PostgreSQL)
 *   BENCH_RESEED=1       seed again
 *   BENCH_ONLY=ingest    only the ingest figure (BENCH_ONLY=lists: only the lists and message pages)
 *   BENCH_RUNS           calls per list/message scenario (default 200)
 *   BENCH_INGEST_MESSAGES, BENCH_INGEST_CONCURRENCY   webhook deliveries (5000) and how many at once (16)
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "../apps/server/src/config.js";
import { openPostgres, type Database } from "../apps/server/src/db/client.js";
import { createServer } from "../apps/server/src/server.js";
import { benchIngest } from "./ingest.js";
import { printFigures, timeCalls, type Figure } from "./measure.js";
import { BENCH, findBenchTenant, seedBench } from "./seed.js";

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
  await ensureDatabase(databaseUrl);
  const database = await openPostgres(databaseUrl, 10);
  await database.migrate();
  const tenant = (!process.env.BENCH_RESEED && (await findBenchTenant(database))) || (await seedBench(database, log));
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
    ...ingest.env,
  });
  const server = await createServer(config, database);
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api`;
  try {
    const only = process.env.BENCH_ONLY;
    const figures = [
      ...(only === "ingest" ? [] : await listAndMessages(base, tenant, database)),
      ...(only === "lists" ? [] : [await ingest.run(base)]),
    ];
    log("");
    log(printFigures(figures, budgetOf));
  } finally {
    await ingest.close();
    await server.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function budgetOf(f: Figure): number | undefined {
  if (f.name.startsWith("tickets")) return 25;
  if (f.name.startsWith("messages")) return 15;
  return undefined;
}

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: BENCH.password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

function getter(base: string, token: string) {
  return async (pathAndQuery: string) => {
    const res = await fetch(`${base}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    if (!res.ok) throw new Error(`GET ${pathAndQuery}: ${res.status} ${body.slice(0, 200)}`);
    return JSON.parse(body) as unknown;
  };
}

/**
 * The lists are measured on the database as autovacuum keeps a live one: the
 * visibility map current (index-only scans), GIN pending lists merged into
 * the trigram indexes, statistics fresh. A PostgreSQL with autovacuum off (as
 * the shared development one) would otherwise measure the leftovers of the
 * seed and of earlier ingest runs, which no production database carries.
 */
async function settle(database: Database, companyId: number) {
  const started = Date.now();
  await database.raw.query(`vacuum (analyze) tickets, messages, contacts, ticket_tags`);
  const { rows } = await database.raw.query<{ n: string }>(`select count(*) as n from tickets where company_id = $1`, [
    companyId,
  ]);
  const extra = Number(rows[0]!.n) - BENCH.tickets;
  log(
    `bench: vacuumed in ${Date.now() - started} ms; ${extra} tickets beyond the seed (earlier ingest runs) lead the lists`,
  );
}

async function listAndMessages(
  base: string,
  tenant: Awaited<ReturnType<typeof seedBench>>,
  database: Database,
): Promise<Figure[]> {
  await settle(database, tenant.companyId);
  const admin = getter(base, await signIn(base, BENCH.adminEmail));
  const agent = getter(base, await signIn(base, BENCH.agentEmail(1)));
  // The Search tab's user filter picks attendants: two of them.
  const attendants = ((await admin("/users/list")) as { id: number; name: string }[])
    .filter((u) => u.name.startsWith("Agent "))
    .slice(0, 2)
    .map((u) => u.id);
  const json = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const runs = Number(process.env.BENCH_RUNS ?? 200);
  const today = new Date().toISOString().slice(0, 10);
  const lists: [string, (i: number) => string, typeof admin][] = [
    ["tickets open, admin show all", () => `/tickets?status=open&showAll=true&pageNumber=1`, admin],
    ["tickets pending, admin show all", () => `/tickets?status=pending&showAll=true&pageNumber=1`, admin],
    ["tickets closed (Resolved tab)", (i) => `/tickets?status=closed&showAll=true&pageNumber=${1 + (i % 5)}`, admin],
    [
      "tickets open, agent's queues",
      () => `/tickets?status=open&showAll=false&queueIds=${json(tenant.queueIds.slice(0, 2))}&pageNumber=1`,
      agent,
    ],
    [
      "tickets pending, agent's queues",
      () => `/tickets?status=pending&showAll=false&queueIds=${json(tenant.queueIds.slice(0, 2))}&pageNumber=1`,
      agent,
    ],
    ["tickets by tag", (i) => `/tickets?showAll=true&tags=${json([tenant.tagIds[i % tenant.tagIds.length]])}`, admin],
    ["tickets by user", () => `/tickets?showAll=true&users=${json(attendants)}`, admin],
    ["tickets with unread", () => `/tickets?status=open&showAll=true&withUnreadMessages=true`, admin],
    ["tickets by date", () => `/tickets?showAll=true&date=${today}`, admin],
    [
      "tickets search contact name",
      (i) => `/tickets?showAll=true&searchParam=${encodeURIComponent(`gabriela souza ${41000 + i}`)}`,
      admin,
    ],
    ["tickets search number", (i) => `/tickets?showAll=true&searchParam=${5511000000000 + 1000 + i * 7}`, admin],
    [
      "tickets search message text",
      (i) => `/tickets?showAll=true&searchParam=${encodeURIComponent(`protocolo ${123456 + i * 13}`)}`,
      admin,
    ],
    ["tickets search common word", () => `/tickets?showAll=true&searchParam=garantia`, admin],
  ];
  const figures: Figure[] = [];
  for (const [name, path, as] of lists) {
    figures.push(await timeCalls(name, runs, async (i) => void (await as(path(i)))));
    log(`bench: ${name} done`);
  }
  const ticketIds = await sampleTicketIds(admin, runs);
  figures.push(
    await timeCalls(
      "messages page 1",
      runs,
      async (i) => void (await admin(`/messages/${ticketIds[i % ticketIds.length]}?pageNumber=1`)),
    ),
  );
  figures.push(
    await timeCalls(
      "messages older page",
      runs,
      async (i) => void (await admin(`/messages/${ticketIds[i % ticketIds.length]}?pageNumber=2`)),
    ),
  );
  return figures;
}

async function sampleTicketIds(admin: (p: string) => Promise<unknown>, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ids.length < n && page <= 10; page++) {
    const { tickets } = (await admin(`/tickets?status=closed&showAll=true&pageNumber=${page * 37}`)) as {
      tickets: { id: number }[];
    };
    ids.push(...tickets.map((t) => t.id));
  }
  return ids;
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
