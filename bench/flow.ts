/**
 * A flow step (issue 18 "Tests and proof": p95 under 50 ms on PostgreSQL with 1,000 tickets inside
 * flows at once): a company of its own with a Cloud API connection on the fake Graph API (in this
 * process), a flow whose question node loops back on itself, and 1,000 customers whose tickets wait at
 * that question. Each run is one customer's answer through Meta's signed webhook, timed until the
 * question's next send reaches WhatsApp: ingest, the answer sweep, the flow's step and its send. The
 * company goes afterwards, its rows with it.
 */
import type { Database } from "../apps/server/src/db/client.js";
import type { FakeGraph } from "../apps/server/test/fake-graph.js";
import { ownCompany } from "./import.js";
import { percentile, type Figure } from "./measure.js";

/** The budget for a flow step, in ms. */
export const flowStepBudgetMs = 50;
export const flowFigureName = "flow step";

const log = (line: string) => process.stdout.write(`${line}\n`);
const cloud = { phoneNumberId: "100200300577", accessToken: "bench-flow-token", appSecret: "bench-flow" };
const runs = () => Number(process.env.BENCH_RUNS ?? 200);
const ticketsInFlows = () => Number(process.env.BENCH_FLOW_TICKETS ?? 1_000);

const questionId = "benchQuestionXXXXXXXXXXXXXXXXX";
const graph = {
  nodes: [
    { id: "1", type: "start", position: { x: 250, y: 100 }, data: { label: "Inicio do fluxo" } },
    {
      id: questionId,
      type: "question",
      position: { x: 250, y: 300 },
      data: { typebotIntegration: { message: "Qual é o seu pedido, {{firstName}}?", answerKey: "pedido" } },
    },
  ],
  connections: [
    { id: "e1", source: "1", target: questionId, sourceHandle: "a", targetHandle: null },
    { id: "e2", source: questionId, target: questionId, sourceHandle: "a", targetHandle: null },
  ],
};

export interface FlowBench {
  companyId: number;
  whatsappId: number;
  numbers: string[];
}

const numberOf = (i: number) => `55117${String(i).padStart(8, "0")}`;

/** Before the server starts (it starts the company's connection at boot). */
export async function prepareFlow(db: Database, fake: FakeGraph): Promise<FlowBench> {
  const { companyId } = await ownCompany(db, "flow");
  fake.addNumber({ phoneNumberId: cloud.phoneNumberId, accessToken: cloud.accessToken });
  const { rows: connection } = await db.raw.query<{ id: number }>(
    `insert into whatsapps (company_id, name, provider, is_default, cloud_phone_number_id, cloud_access_token,
       cloud_app_secret, cloud_verify_token)
     values ($1, 'Bench flow', 'cloud', true, $2, $3, $4, 'bench') returning id`,
    [companyId, cloud.phoneNumberId, cloud.accessToken, cloud.appSecret],
  );
  const whatsappId = connection[0]!.id;
  const { rows: flow } = await db.raw.query<{ id: number }>(
    `insert into flows (company_id, name, graph) values ($1, 'Bench flow', $2) returning id`,
    [companyId, JSON.stringify(graph)],
  );
  const count = ticketsInFlows();
  await db.raw.query(
    `with made as (
       insert into contacts (company_id, name, number, email, whatsapp_id)
       select $1, 'Cliente ' || g, '55117' || lpad(g::text, 8, '0'), '', $2 from generate_series(0, $3 - 1) g
       returning id)
     insert into tickets (company_id, status, contact_id, whatsapp_id, chatbot, queued_at,
       flow_id, flow_node_id, flow_waiting)
     select $1, 'pending', made.id, $2, true, now(), $4, $5, true from made`,
    [companyId, whatsappId, count, flow[0]!.id, questionId],
  );
  return { companyId, whatsappId, numbers: Array.from({ length: count }, (_, i) => numberOf(i)) };
}

async function connected(db: Database, whatsappId: number) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const { rows } = await db.raw.query<{ status: string }>(`select status from whatsapps where id = $1`, [whatsappId]);
    if (rows[0]?.status === "CONNECTED") return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the bench flow's connection did not connect");
}

/** Waits, polling every millisecond, for the customer's next send. */
async function nextSend(fake: FakeGraph, to: string, before: number): Promise<void> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    if (fake.sent.filter((s) => s.to === to).length > before) return;
    await new Promise((r) => setTimeout(r, 1));
  }
  throw new Error(`flow step: no answer reached ${to}`);
}

export async function flowFigure(base: string, db: Database, fake: FakeGraph, bench: FlowBench): Promise<Figure> {
  try {
    await connected(db, bench.whatsappId);
    const webhookUrl = `${base}/webhooks/whatsapp/${bench.whatsappId}`;
    await fake.subscribe({ phoneNumberId: cloud.phoneNumberId, webhookUrl, appSecret: cloud.appSecret });
    log(`bench: flow steps with ${bench.numbers.length} tickets waiting inside a flow`);
    const step = async (i: number) => {
      const from = bench.numbers[(i * 7) % bench.numbers.length]!;
      const before = fake.sent.filter((s) => s.to === from).length;
      const started = performance.now();
      const delivery = await fake.customerMessage({
        phoneNumberId: cloud.phoneNumberId,
        from,
        name: "Cliente",
        text: `pedido ${i}`,
      });
      if (delivery.status !== 200) throw new Error(`webhook answered ${delivery.status}`);
      await nextSend(fake, from, before);
      return performance.now() - started;
    };
    for (let i = 0; i < 20; i++) await step(i);
    const times: number[] = [];
    for (let i = 0; i < runs(); i++) times.push(await step(20 + i));
    times.sort((a, b) => a - b);
    return {
      name: `${flowFigureName} (customer message in → next message out, ${bench.numbers.length} tickets in flows)`,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      runs: times.length,
    };
  } finally {
    await db.raw.query(`delete from companies where id = $1`, [bench.companyId]);
  }
}
