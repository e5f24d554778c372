/**
 * Inbound ingest throughput through the Cloud API webhook: the fake Graph API
 * plays many customers at once, each message a signed webhook delivery, and
 * we count what the server committed per second (DESIGN §9: >= 500/s).
 */
import type { Database } from "../apps/server/src/db/client.js";
import { startFakeGraph, type FakeGraph } from "../apps/server/test/fake-graph.js";
import { percentile, type Figure } from "./measure.js";
import type { BenchTenant } from "./seed.js";

const cloud = {
  phoneNumberId: "100200300400",
  accessToken: "bench-access-token",
  appSecret: "bench-app-secret",
  verifyToken: "bench-verify-token",
};

async function prepare(database: Database, tenant: BenchTenant) {
  const graph: FakeGraph = await startFakeGraph();
  graph.addNumber({
    phoneNumberId: cloud.phoneNumberId,
    accessToken: cloud.accessToken,
    displayPhoneNumber: "5511999990000",
  });
  await database.raw.query(
    `update whatsapps set provider = 'cloud', cloud_phone_number_id = $2, cloud_access_token = $3,
       cloud_app_secret = $4, cloud_verify_token = $5 where id = $1`,
    [tenant.whatsappId, cloud.phoneNumberId, cloud.accessToken, cloud.appSecret, cloud.verifyToken],
  );
  return {
    env: { WHATSAPP_GRAPH_URL: graph.url },
    run: (base: string) => run(graph, base, tenant),
    close: () => graph.close(),
  };
}

async function run(graph: FakeGraph, base: string, tenant: BenchTenant): Promise<Figure> {
  await graph.subscribe({
    phoneNumberId: cloud.phoneNumberId,
    webhookUrl: `${base}/webhooks/whatsapp/${tenant.whatsappId}`,
    appSecret: cloud.appSecret,
  });
  const total = Number(process.env.BENCH_INGEST_MESSAGES ?? 5000);
  const concurrency = Number(process.env.BENCH_INGEST_CONCURRENCY ?? 16);
  // Half the senders are existing contacts, half new ones; several messages each.
  const senders = Array.from({ length: 1000 }, (_, i) =>
    i % 2 === 0 ? `55${11000000000 + 1 + i * 37}` : `55${21900000000 + i + (Date.now() % 100000) * 1000}`,
  );
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const sent = performance.now();
        const delivery = await graph.customerMessage({
          phoneNumberId: cloud.phoneNumberId,
          from: senders[i % senders.length]!,
          name: `Cliente ${i % senders.length}`,
          text: `Mensagem de carga ${i}: preciso de ajuda com o pedido ${i * 7}`,
        });
        latencies.push(performance.now() - sent);
        if (delivery.status !== 200) failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  if (failed > 0) throw new Error(`ingest: ${failed} of ${total} webhook deliveries were refused`);
  return {
    name: `ingest via webhook (${concurrency} concurrent deliveries)`,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    runs: total,
    note: `${Math.round(total / seconds)} msg/s sustained (budget >= 500 msg/s)`,
  };
}

export const benchIngest = { prepare };
