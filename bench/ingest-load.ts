/**
 * The ingest bench's load generator, in its own process (forked by
 * bench/ingest.ts): the fake Graph API that plays Meta — it answers the
 * server's Graph calls and signs and posts the customers' webhooks — so its
 * JSON, HMAC and HTTP client work does not run on the server's event loop.
 *
 * Its argument is the business number (FakeNumber as JSON). Talks to its
 * parent over the fork IPC channel:
 *   ← {ready, graphUrl}                  once the fake Graph API listens
 *   → {run: LoadPlan}                    ← {result: LoadResult}
 *   → {close: true}                      exits
 */
import { Agent, request } from "node:http";
import { envelope, sign, startFakeGraph, type FakeNumber } from "../apps/server/test/fake-graph.js";

export interface LoadPlan {
  phoneNumberId: string;
  appSecret: string;
  webhookUrl: string;
  total: number;
  concurrency: number;
  /** Routing on: after the last delivery, wait for the bot's answers to stop coming (3 s without one). */
  awaitAnswers: boolean;
}

export interface LoadResult {
  /** Milliseconds from post to the server's answer, one per delivery. */
  latencies: number[];
  seconds: number;
  /** CPU time of this process during the run, in milliseconds. */
  cpuMs: number;
  failed: number;
  firstFailure?: string;
  /** Messages the server sent the customers during the run (the bot's menus, with BENCH_ROUTING). */
  sends: number;
  /** With awaitAnswers: every message sent since the start, and the seconds from the start to the last one. */
  answered?: { sends: number; seconds: number };
}

export type ToLoad = { run: LoadPlan } | { close: true };
export type FromLoad = { ready: true; graphUrl: string } | { result: LoadResult } | { error: string };

const send = (message: FromLoad) => process.send!(message);

/**
 * One signed delivery, posted as Meta does (the fake builds and signs the payload). Plain
 * node:http on kept-alive sockets: fetch costs several times the CPU per request, which
 * would come out of the server's share of the machine.
 */
function post(agent: Agent, url: URL, body: string, signature: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "x-hub-signature-256": signature,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function run(graph: Awaited<ReturnType<typeof startFakeGraph>>, plan: LoadPlan): Promise<LoadResult> {
  await graph.subscribe({ phoneNumberId: plan.phoneNumberId, webhookUrl: plan.webhookUrl, appSecret: plan.appSecret });
  const url = new URL(plan.webhookUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: plan.concurrency });
  // Half the senders are existing contacts of the seed, half new ones; several messages each.
  const runId = Date.now() % 100000;
  const senders = Array.from({ length: 1000 }, (_, i) =>
    i % 2 === 0 ? `55${11000000000 + 1 + i * 37}` : `55${21900000000 + i + runId * 1000}`,
  );
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const sentBefore = graph.sent.length;
  await Promise.all(
    Array.from({ length: plan.concurrency }, async () => {
      while (next < plan.total) {
        const i = next++;
        const sent = performance.now();
        const { value } = graph.customerValue({
          phoneNumberId: plan.phoneNumberId,
          from: senders[i % senders.length]!,
          name: `Cliente ${i % senders.length}`,
          text: `Mensagem de carga ${i}: preciso de ajuda com o pedido ${i * 7}`,
        });
        const body = JSON.stringify(envelope([[value]]));
        const delivery = await post(agent, url, body, sign(body, plan.appSecret));
        latencies.push(performance.now() - sent);
        if (delivery.status !== 200) {
          failed++;
          firstFailure ??= `${delivery.status} ${delivery.body.slice(0, 200)}`;
        }
      }
    }),
  );
  const { user, system } = process.cpuUsage(cpu);
  const seconds = (performance.now() - started) / 1000;
  const sends = graph.sent.length - sentBefore;
  agent.destroy();
  const answered = plan.awaitAnswers ? await answersDone(graph, sentBefore, started) : undefined;
  return { latencies, seconds, cpuMs: (user + system) / 1000, failed, firstFailure, sends, answered };
}

/** Waits until the server has sent nothing for 3 s: the bot's answers queued behind the burst are all out. */
async function answersDone(graph: Awaited<ReturnType<typeof startFakeGraph>>, sentBefore: number, started: number) {
  let count = graph.sent.length;
  let last = performance.now();
  const deadline = last + 600_000;
  while (performance.now() - last < 3000 && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    if (graph.sent.length !== count) [count, last] = [graph.sent.length, performance.now()];
  }
  return { sends: count - sentBefore, seconds: (last - started) / 1000 };
}

const graph = await startFakeGraph();
graph.addNumber(JSON.parse(process.argv[2] ?? "{}") as FakeNumber);
process.on("message", (message: ToLoad) => {
  if ("close" in message) {
    void graph.close().then(() => process.exit(0));
    return;
  }
  run(graph, message.run).then(
    (result) => send({ result }),
    (err: unknown) => send({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});
send({ ready: true, graphUrl: graph.url });
// The bench ended without closing us (it failed): do not outlive it.
process.on("disconnect", () => process.exit(0));
