/**
 * The ticket lists (each filter and text search) and the message pages, timed through the
 * API as an agent's browser calls them.
 */
import type { Database } from "../apps/server/src/db/client.js";
import { timeCalls, type Figure } from "./measure.js";
import { BENCH, type BenchTenant } from "./seed.js";

const log = (line: string) => process.stdout.write(`${line}\n`);

export function budgetOf(f: Figure): number | undefined {
  if (f.name.startsWith("tickets")) return 25;
  if (f.name.startsWith("messages")) return 15;
  if (f.name.startsWith("dashboard")) return 50;
  return undefined;
}

export async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: BENCH.password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export function getter(base: string, token: string) {
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
/** Those of `names` the database has (an older checkout's schema lacks the newer tables). */
export async function existingTables(database: Database, names: string[]): Promise<string[]> {
  const { rows } = await database.raw.query<{ name: string }>(
    `select name from unnest($1::text[]) as name where to_regclass(name) is not null`,
    [names],
  );
  return rows.map((r) => r.name);
}

export async function settle(database: Database, companyId: number) {
  const started = Date.now();
  // An older checkout's schema (BENCH_BASELINE) may lack some of them.
  const tables = await existingTables(database, ["tickets", "messages", "contacts", "ticket_tags", "user_ratings"]);
  await database.raw.query(`vacuum (analyze) ${tables.join(", ")}`);
  const { rows } = await database.raw.query<{ n: string }>(`select count(*) as n from tickets where company_id = $1`, [
    companyId,
  ]);
  const extra = Number(rows[0]!.n) - BENCH.tickets;
  log(
    `bench: vacuumed in ${Date.now() - started} ms; ${extra} tickets beyond the seed (earlier ingest runs) lead the lists`,
  );
}

export async function listAndMessages(
  base: string,
  tenant: BenchTenant,
  /** Absent when the bench cannot reach the server's database (an embedded one it holds): settled before. */
  database: Database | undefined,
): Promise<Figure[]> {
  if (database) await settle(database, tenant.companyId);
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
