/**
 * BENCH_SOCKETS=N: N Socket.IO clients of the seeded company listening while ingest runs, in a
 * process of their own (bench/socket-clients.ts). They sign in as the seed's admin and its agents
 * in turn (each agent serves two of the five queues), so both an overseer's rooms and the
 * narrower ones of agents limited to some queues hear the ingest's events.
 */
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Database } from "../apps/server/src/db/client.js";
import { signIn } from "./lists.js";
import type { Figure } from "./measure.js";
import { BENCH } from "./seed.js";
import type { FromSockets, SocketPlan, ToSockets } from "./socket-clients.js";

const log = (line: string) => process.stdout.write(`${line}\n`);

export function socketCount(): number {
  return Number(process.env.BENCH_SOCKETS ?? 0);
}

function reply(child: ChildProcess): Promise<FromSockets> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`socket clients exited (${code})`));
    child.once("exit", onExit);
    child.once("message", (message: FromSockets) => {
      child.off("exit", onExit);
      if ("error" in message) reject(new Error(`socket clients: ${message.error}`));
      else resolve(message);
    });
  });
}

/** Signs in the seed's admin and every agent once; their sockets share these tokens. */
export async function benchTokens(base: string): Promise<string[]> {
  const emails = [BENCH.adminEmail, ...Array.from({ length: BENCH.agents }, (_, i) => BENCH.agentEmail(i + 1))];
  const tokens: string[] = [];
  for (const email of emails) tokens.push(await signIn(base, email));
  return tokens;
}

/** Opens `sockets` clients on the server at `base` (…/api); resolves once all are in their rooms. */
export async function openSockets(base: string, tokens: string[], sockets: number) {
  const plan: SocketPlan = { url: new URL(base).origin, tokens, sockets };
  const child = fork(fileURLToPath(new URL("./socket-clients.ts", import.meta.url)), [JSON.stringify(plan)]);
  const ready = await reply(child);
  if (!("ready" in ready)) throw new Error("socket clients: no ready message");
  return {
    /** Events received so far over every socket. */
    async received(): Promise<number> {
      const answer = reply(child);
      child.send({ count: true } satisfies ToSockets);
      const message = await answer;
      if (!("received" in message)) throw new Error("socket clients: no count");
      return message.received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.send({ close: true } satisfies ToSockets);
      }),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Transactions committed or rolled back in the database so far (every statement outside a
 * transaction is one). A backend reports its counts when it goes idle, at most every second,
 * or within ten seconds of its last statement: read after such a wait.
 */
async function transactions(database: Database): Promise<number> {
  await sleep(11_000);
  const { rows } = await database.raw.query<{ n: string }>(
    `select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`,
  );
  return Number(rows[0]!.n);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * The ingest figure without and with BENCH_SOCKETS clients listening, alternating over BENCH_PAIRS
 * pairs (2) in the same run; each run's figure, then the ratios of their medians (with / without).
 * Transactions per message (the bench's own clean-up around each run counted too, alike on both
 * sides) tell a database read repeated per socket apart from the sockets' own cost. The clients'
 * process shares the machine: msg/s with sockets pays for their work too; CPU per message does not.
 */
export async function ingestBesideSockets(
  base: string,
  database: Database,
  runIngest: () => Promise<Figure>,
): Promise<Figure[]> {
  const sockets = socketCount();
  const pairs = Number(process.env.BENCH_PAIRS ?? 2);
  const figures: Figure[] = [];
  const rows = { without: [] as Row[], with: [] as Row[] };
  for (let pair = 1; pair <= pairs; pair++) {
    for (const side of ["without", "with"] as const) {
      const clients = side === "with" ? await openSockets(base, await benchTokens(base), sockets) : undefined;
      try {
        const received = (await clients?.received()) ?? 0;
        const tx = await transactions(database);
        const figure = await runIngest();
        const perMessage = ((await transactions(database)) - tx) / figure.runs;
        const events = ((await clients?.received()) ?? 0) - received;
        const label = side === "with" ? `${sockets} sockets listening` : "no sockets";
        figures.push({
          ...figure,
          name: `${figure.name}, ${label}`,
          note:
            `${figure.note}; ${perMessage.toFixed(2)} database transactions per message` +
            (clients ? `; ${events} events received (${(events / figure.runs).toFixed(1)} per message)` : ""),
        });
        rows[side].push({ ...figure.cpuPerMessage!, perSecond: figure.perSecond!, transactions: perMessage });
        log(`bench: pair ${pair} of ${pairs}, ${label}: ${figures.at(-1)!.note}`);
      } finally {
        await clients?.close();
      }
    }
  }
  log(socketRatios(rows.without, rows.with, sockets));
  return figures;
}

interface Row {
  server: number;
  postgres?: number;
  perSecond: number;
  transactions: number;
}

function socketRatios(without: Row[], withSockets: Row[], sockets: number): string {
  const ratio = (pick: (r: Row) => number) => {
    const a = median(without.map(pick));
    const b = median(withSockets.map(pick));
    return `${a.toFixed(2)} → ${b.toFixed(2)} (${(b / a).toFixed(2)}×)`;
  };
  return [
    `ingest with ${sockets} sockets listening / without, medians of ${without.length} runs each:`,
    `  msg/s ${ratio((r) => r.perSecond)}`,
    `  server CPU ms/msg ${ratio((r) => r.server)}`,
    `  PostgreSQL CPU ms/msg ${ratio((r) => r.postgres ?? NaN)}`,
    `  database transactions per message ${ratio((r) => r.transactions)}`,
  ].join("\n");
}
