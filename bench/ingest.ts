/**
 * Inbound ingest throughput through the Cloud API webhook: the fake Graph API
 * plays many customers at once, each message a signed webhook delivery, and
 * we count what the server committed per second (DESIGN §9: >= 500/s).
 *
 * The fake Graph API and its load run in a child process (bench/ingest-load.ts),
 * so the server's event loop does only the server's work, as under `npm start`.
 * What a run stores is taken out again afterwards, so runs (and the lists'
 * figures of later runs) start from the data set as seeded.
 */
import { fork, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { Database } from "../apps/server/src/db/client.js";
import type { FromLoad, LoadPlan, LoadResult, ToLoad } from "./ingest-load.js";
import { existingTables } from "./lists.js";
import { percentile, type Figure } from "./measure.js";
import { BENCH, type BenchTenant } from "./seed.js";

const cloud = {
  phoneNumberId: "100200300400",
  accessToken: "bench-access-token",
  appSecret: "bench-app-secret",
  verifyToken: "bench-verify-token",
};

/** The next answer of the load process (one request at a time). */
function reply(child: ChildProcess): Promise<FromLoad> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`ingest load process exited (${code})`));
    child.once("exit", onExit);
    child.once("message", (message: FromLoad) => {
      child.off("exit", onExit);
      if ("error" in message) reject(new Error(`ingest load process: ${message.error}`));
      else resolve(message);
    });
  });
}

/**
 * CPU seconds used so far by each PostgreSQL backend serving this database, from /proc (Linux, the
 * database on this machine); empty where that cannot be read. Clock ticks taken as 1/100 s.
 */
async function backendCpu(database: Database): Promise<Map<number, number>> {
  const { rows } = await database.raw.query<{ pid: number }>(
    // Every backend, the one answering this too (the pool may lend another one next time).
    `select pid from pg_stat_activity where datname = current_database()`,
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // Not on Linux, or the database runs elsewhere: the figure goes without it.
    }
  }
  return cpu;
}

/** The server in this process (the bench's own CPU time). */
function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

const ingestMessages = () => Number(process.env.BENCH_INGEST_MESSAGES ?? 5000);

async function prepare(database: Database, tenant: BenchTenant) {
  const number = {
    phoneNumberId: cloud.phoneNumberId,
    accessToken: cloud.accessToken,
    displayPhoneNumber: "5511999990000",
  };
  const child = fork(fileURLToPath(new URL("./ingest-load.ts", import.meta.url)), [JSON.stringify(number)]);
  const ready = await reply(child);
  if (!("ready" in ready)) throw new Error("ingest load process: no ready message");
  await database.raw.query(
    `update whatsapps set provider = 'cloud', cloud_phone_number_id = $2, cloud_access_token = $3,
       cloud_app_secret = $4, cloud_verify_token = $5 where id = $1`,
    [tenant.whatsappId, cloud.phoneNumberId, cloud.accessToken, cloud.appSecret, cloud.verifyToken],
  );
  await offerQueues(database, tenant);
  return {
    env: { WHATSAPP_GRAPH_URL: ready.graphUrl },
    /** Without the database (an embedded one the server holds), a run on a fresh copy: nothing to take out. */
    /** `messages`: deliveries of this run (BENCH_INGEST_MESSAGES, 5000, by default). */
    run: (base: string, reachable: Database | undefined, serverCpuMs = ownCpuMs, messages = ingestMessages()) =>
      run(child, base, tenant, reachable, serverCpuMs, messages),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.send({ close: true } satisfies ToLoad);
      }),
  };
}

/**
 * BENCH_ROUTING=1: the connection offers the seed's queues, so each ticket a customer opens gets the
 * bot's menu through its jobs (issue 11: ingest "with routing on"); otherwise it offers none, as seeded.
 */
async function offerQueues(database: Database, tenant: BenchTenant) {
  await database.raw.query(`delete from whatsapp_queues where whatsapp_id = $1`, [tenant.whatsappId]);
  if (!process.env.BENCH_ROUTING) return;
  await database.raw.query(`insert into whatsapp_queues (whatsapp_id, queue_id) select $1, unnest($2::int[])`, [
    tenant.whatsappId,
    tenant.queueIds,
  ]);
}

/**
 * Takes out what ingest runs stored: every message of theirs is on a ticket they opened, for a seed
 * contact or a contact they made, and the seed wrote its tickets and contacts with consecutive ids.
 * Foreign-key triggers are off for it (session_replication_role, a superuser's setting): their
 * cascades would scan the million messages once per deleted row (messages.contact_id and
 * quoted_msg_id have no index), and nothing else points at these rows. The run's jobs go
 * too: one still waiting (a bot's answer left queued) would be worked in a later run's time,
 * and done ones, with the dead rows each job's state changes leave, slowed later runs' job
 * inserts and fetches (routing on, after a few runs: 204–222 msg/s, 368–387 with them gone).
 * Then a VACUUM (ANALYZE), as
 * autovacuum keeps a live database (the shared development PostgreSQL runs without it).
 */
/** The company's kept ticket counts made again: the removal above ran without the triggers that keep them. */
const keptCountsAgain = (company: number) => `delete from ticket_counts where company_id = ${company};
    insert into ticket_counts (company_id, status, queue_id, user_id, slot, n)
      select company_id, status, queue_id, user_id, 0, count(*) from tickets where company_id = ${company}
      group by company_id, status, queue_id, user_id;`;

async function removeIngested(database: Database, companyId: number) {
  const company = Number(companyId);
  const tickets = `select id from tickets where company_id = ${company}
    and id >= (select min(id) from tickets where company_id = ${company}) + ${BENCH.tickets}`;
  const contacts = `select id from contacts where company_id = ${company}
    and id >= (select min(id) from contacts where company_id = ${company}) + ${BENCH.contacts}`;
  // An older checkout's schema (BENCH_BASELINE) may lack some of the tables.
  const has = new Set(
    await existingTables(database, ["ticket_events", "contact_custom_fields", "pgboss.job", "ticket_counts"]),
  );
  const byTicket = ["messages", "ticket_tags", "ticket_notes", "ticket_events"].filter(
    (t) => t !== "ticket_events" || has.has(t),
  );
  const removal = `begin;
    set local session_replication_role = replica;
    ${byTicket.map((t) => `delete from ${t} where ticket_id in (${tickets});`).join("\n    ")}
    delete from tickets where id in (${tickets});
    ${has.has("contact_custom_fields") ? `delete from contact_custom_fields where contact_id in (${contacts});` : ""}
    delete from contacts where id in (${contacts});
    ${has.has("ticket_counts") ? keptCountsAgain(company) : ""}
    ${has.has("pgboss.job") ? `delete from pgboss.job where name not like '\\_\\_pgboss%';` : ""}
    commit;`;
  // One string of statements: one connection of its own, one transaction (values inlined: numbers of
  // ours). The server stays up between runs (BENCH_BASELINE keeps two up), its pg-boss upkeep on the
  // job table too: a deadlock with it is tried again.
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(removal);
      break;
    } catch (err) {
      if ((err as { code?: string }).code !== "40P01" || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    } finally {
      await client.end();
    }
  }
  await database.raw.query(
    `vacuum (analyze) tickets, messages, contacts${has.has("pgboss.job") ? ", pgboss.job" : ""}`,
  );
}

async function run(
  child: ChildProcess,
  base: string,
  tenant: BenchTenant,
  database: Database | undefined,
  serverCpuMs: () => number,
  messages: number,
): Promise<Figure> {
  if (!database) return measure(child, base, tenant, undefined, serverCpuMs, messages);
  // What runs stored before they took it out again goes too.
  await removeIngested(database, tenant.companyId);
  try {
    return await measure(child, base, tenant, database, serverCpuMs, messages);
  } finally {
    await removeIngested(database, tenant.companyId);
  }
}

async function measure(
  child: ChildProcess,
  base: string,
  tenant: BenchTenant,
  database: Database | undefined,
  serverCpuMs: () => number,
  messages: number,
): Promise<Figure> {
  const plan: LoadPlan = {
    phoneNumberId: cloud.phoneNumberId,
    appSecret: cloud.appSecret,
    webhookUrl: `${base}/webhooks/whatsapp/${tenant.whatsappId}`,
    total: messages,
    concurrency: Number(process.env.BENCH_INGEST_CONCURRENCY ?? 16),
    awaitAnswers: Boolean(process.env.BENCH_ROUTING),
  };
  const pgBefore = database ? await backendCpu(database) : new Map<number, number>();
  const serverBefore = serverCpuMs();
  const answer = reply(child);
  child.send({ run: plan } satisfies ToLoad);
  const message = await answer;
  const server = serverCpuMs() - serverBefore;
  const pgAfter = database ? await backendCpu(database) : new Map<number, number>();
  if (!("result" in message)) throw new Error("ingest load process: no result");
  const { latencies, seconds, cpuMs, failed, firstFailure, sends, answered }: LoadResult = message.result;
  if (failed > 0) {
    throw new Error(`ingest: ${failed} of ${plan.total} webhook deliveries were refused (first: ${firstFailure})`);
  }
  latencies.sort((a, b) => a - b);
  // Backends that opened during the run count whole.
  let pgMs = 0;
  for (const [pid, after] of pgAfter) pgMs += (after - (pgBefore.get(pid) ?? 0)) * 1000;
  const perMessage = (ms: number) => (ms / plan.total).toFixed(2);
  const perSecond = Math.round(plan.total / seconds);
  return {
    name: `ingest via webhook (${plan.concurrency} concurrent deliveries)`,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    runs: plan.total,
    perSecond,
    cpuPerMessage: { server: server / plan.total, postgres: database ? pgMs / plan.total : undefined },
    answers: answered && { sent: answered.sends, perSecond: answered.sends / answered.seconds },
    note:
      `${perSecond} msg/s sustained (budget >= 500 msg/s); CPU per message: ` +
      // An embedded database the bench cannot reach works inside the server's tree: counted there.
      (database
        ? `server ${perMessage(server)} ms, PostgreSQL ${perMessage(pgMs)} ms, `
        : `server with its embedded database ${perMessage(server)} ms, `) +
      `load generator ${perMessage(cpuMs)} ms` +
      (answered
        ? `; routing on: ${sends} bot messages sent during the run, all ${answered.sends} ` +
          `${answered.seconds.toFixed(1)} s after the start (${Math.round(answered.sends / answered.seconds)} answers/s)`
        : ""),
  };
}

export const benchIngest = { prepare };
