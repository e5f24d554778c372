/**
 * A company whose Cloud API connection hands its customers to a queue
 * integration (issue 17 item 6), for the integrations' tests: the
 * integration made by the admin's call, the connection linking it, and a
 * customer who writes through Meta's signed webhook and reads what the fake
 * Graph API received (texts and media, in order).
 */
import type { QueueIntegrationDto } from "@balcao/contracts";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { whatsappQueues } from "../src/db/schema/index.js";
import { createQueue } from "./queues.js";
import { buildCloudConnection } from "./cloud-connection.js";
import { cloudCustomer } from "./cloud-customer.js";
import { buildTenant } from "./factories.js";
import { startFakeDialogflow, type FakeDialogflow } from "./fake-dialogflow.js";
import { startFakeGraph, type FakeGraph } from "./fake-graph.js";
import { startFakeTypebot, type FakeTypebot } from "./fake-typebot.js";
import { startTestServer, type TestServer } from "./harness.js";
import { closeAllSockets } from "./sockets.js";

export { shown } from "./cloud-customer.js";

export interface IntegrationWorld {
  s: TestServer;
  graph: FakeGraph;
  typebot: FakeTypebot;
  dialogflow: FakeDialogflow;
}

/** One server per test file, with its fakes; outbound calls may reach them on 127.0.0.1. */
export function integrationServerPerFile(use: (world: IntegrationWorld) => void) {
  let world: IntegrationWorld | undefined;
  beforeAll(async () => {
    const [graph, typebot, dialogflow] = await Promise.all([
      startFakeGraph(),
      startFakeTypebot(),
      startFakeDialogflow(),
    ]);
    const s = await startTestServer({
      WHATSAPP_GRAPH_URL: graph.url,
      ALLOW_PRIVATE_OUTBOUND: "true",
      DIALOGFLOW_API_URL: dialogflow.url,
    });
    world = { s, graph, typebot, dialogflow };
    use(world);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    closeAllSockets();
  });
  afterAll(async () => {
    await world?.s.close();
    await Promise.all([world?.graph.close(), world?.typebot.close(), world?.dialogflow.close()]);
  });
}

/**
 * `queueMenu`: the connection offers one queue ("Loja", with a second so the menu shows) and the
 * integration is that queue's, taking the ticket once the customer picks it; else the connection's.
 */
export async function integrationScene(
  w: IntegrationWorld,
  integration: Record<string, unknown>,
  options: { queueMenu?: boolean } = {},
) {
  const { s, graph } = w;
  const tenant = await buildTenant(s);
  const res = await s.request({
    method: "POST",
    path: "/queueIntegration",
    token: tenant.admin.token,
    body: integration,
  });
  if (res.statusCode !== 200) throw new Error(`integration: ${res.statusCode} ${res.body}`);
  const saved = res.json<QueueIntegrationDto>();
  let queueId: number | null = null;
  const connection = await buildCloudConnection(s, graph, tenant.company.id, {
    integrationId: options.queueMenu ? null : saved.id,
    greetingMessage: "Escolha:",
  });
  if (options.queueMenu) {
    const queue = (name: string, color: string, integrationId: number | null) =>
      createQueue(s, tenant.admin.token, { name, color, integrationId }).then((r) => r.json<{ id: number }>().id);
    queueId = await queue("Loja", "#AA0000", saved.id);
    const other = await queue("Outra", "#00AA00", null);
    await s.ctx.db
      .insert(whatsappQueues)
      .values([queueId, other].map((id) => ({ whatsappId: connection.id, queueId: id })));
  }
  const { customer, says, received, ticket } = cloudCustomer(s, graph, connection);
  return { tenant, integration: saved, connection, queueId, customer, says, received, ticket };
}
