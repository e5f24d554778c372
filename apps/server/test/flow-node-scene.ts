/**
 * A flow's typebot or openai node holding a ticket (issue 18 item 5), as a
 * customer meets it: the customer writes through Meta's signed webhook (the
 * fake Graph API), the flow runtime's hand-off is startNodeHold called on
 * the ticket, and the node's turns talk to the fakes — an OpenAI-compatible
 * API, a Typebot viewer, Azure Speech — on 127.0.0.1.
 */
import type { FlowGraph, FlowNode, QueueDto } from "@balcao/contracts";
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { flows, tickets } from "../src/db/schema/index.js";
import { providerTiming } from "../src/automation/ai-provider.js";
import { startNodeHold } from "../src/automation/flows/node-hold.js";
import { lockTicket } from "../src/modules/tickets/ticket-moves.js";
import { encryptSecret } from "../src/secrets/index.js";
import { buildCloudConnection, customerNumber } from "./cloud-connection.js";
import { buildTenant } from "./factories.js";
import { startFakeAzureSpeech, type FakeAzureSpeech } from "./fake-azure-speech.js";
import { startFakeGraph, type FakeGraph } from "./fake-graph.js";
import { startFakeOpenAi, type FakeOpenAi } from "./fake-openai.js";
import { startFakeTypebot, type FakeTypebot } from "./fake-typebot.js";
import { startTestServer, type TestServer } from "./harness.js";
import { shown } from "./integration-scene.js";
import { createQueue } from "./queues.js";
import { closeAllSockets } from "./sockets.js";

export interface NodeWorld {
  s: TestServer;
  graph: FakeGraph;
  ai: FakeOpenAi;
  typebot: FakeTypebot;
  speech: FakeAzureSpeech;
}

export const speechKey = "azure-speech-key-0123456789";

/** A test server for this file whose WhatsApp, AI provider, Typebot and Azure Speech are fakes. */
export function useNodeWorld(): NodeWorld {
  const world = {} as NodeWorld;
  const timing = { ...providerTiming, backoffMs: [...providerTiming.backoffMs] };
  beforeAll(async () => {
    [world.graph, world.ai, world.typebot, world.speech] = await Promise.all([
      startFakeGraph(),
      startFakeOpenAi(),
      startFakeTypebot(),
      startFakeAzureSpeech({ keys: [speechKey] }),
    ]);
    world.s = await startTestServer({
      WHATSAPP_GRAPH_URL: world.graph.url,
      OPENAI_BASE_URL: world.ai.url,
      AZURE_SPEECH_URL: world.speech.url,
      // The Typebot block's URL is the company's: the fake lives on loopback.
      ALLOW_PRIVATE_OUTBOUND: "true",
    });
    // The retry rule on a shorter clock, as the prompts' tests run it.
    Object.assign(providerTiming, { attemptTimeoutMs: 1_500, budgetMs: 5_000, backoffMs: [100, 200] });
  });
  beforeEach(() => {
    world.ai.reset();
    world.speech.reset();
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    Object.assign(providerTiming, timing);
    await world.s?.close();
    await Promise.all([world.graph?.close(), world.ai?.close(), world.typebot?.close(), world.speech?.close()]);
  });
  return world;
}

/** A node id as the builder makes them (30 characters). */
export const nodeId = (tag: string) => `${tag}${"x".repeat(30)}`.slice(0, 30);

/** A node of `type` whose block fields (§3: under data.typebotIntegration) are `block`. */
export function blockNode(id: string, type: "openai" | "typebot", block: Record<string, unknown>): FlowNode {
  return { id, type, position: { x: 500, y: 100 }, data: { typebotIntegration: { name: "Bloco", ...block } } };
}

const start: FlowNode = { id: "1", type: "start", position: { x: 250, y: 100 }, data: { label: "Inicio do fluxo" } };

/** A company with a Cloud API connection (no bot of its own), a queue Vendas, a flow holding `node`. */
export async function nodeScene(w: NodeWorld, node: FlowNode) {
  const { s, graph } = w;
  const tenant = await buildTenant(s);
  const admin = tenant.admin.token;
  const vendas = (await createQueue(s, admin, { name: "Vendas", color: "#00aa00" })).json<QueueDto>();
  const suporte = (await createQueue(s, admin, { name: "Suporte", color: "#0000aa" })).json<QueueDto>();
  const [flow] = await s.ctx.db
    .insert(flows)
    .values({ companyId: tenant.company.id, name: "Atendimento", graph: { nodes: [start, node], connections: [] } })
    .returning();
  const connection = await buildCloudConnection(s, graph, tenant.company.id);
  const customer = { from: customerNumber(), name: "Paulo Lima" };
  const received = () => graph.sent.filter((r) => r.to === customer.from);

  /** The customer writes; resolves with what they received back (waiting for `answers` of them). */
  async function says(text: string, answers = 1): Promise<string[]> {
    const before = received().length;
    const delivery = await graph.customerMessage({ phoneNumberId: connection.cloudPhoneNumberId, ...customer, text });
    if (delivery.status !== 200) throw new Error(`webhook answered ${delivery.status}`);
    if (answers > 0) await graph.waitForSent(before + answers, customer.from, 10_000);
    return received().slice(before).map(shown);
  }
  const ticket = async () =>
    (await s.ctx.db.select().from(tickets).where(eq(tickets.whatsappId, connection.id)).orderBy(asc(tickets.id)))[0]!;

  /** The flow reaches the node: the hand-off the runtime makes, on the customer's ticket. */
  async function handOff(): Promise<void> {
    const { id, companyId } = await ticket();
    await s.ctx.events.transaction(async (t) => {
      const locked = await lockTicket(t, companyId, id);
      await startNodeHold(t, locked!, flow!.id, node);
    });
  }
  /** Saves the flow's graph as `change` makes it (an edit, a deleted node). */
  async function editGraph(change: (g: FlowGraph) => FlowGraph): Promise<void> {
    const [row] = await s.ctx.db.select().from(flows).where(eq(flows.id, flow!.id));
    await s.ctx.db
      .update(flows)
      .set({ graph: change(row!.graph!) })
      .where(eq(flows.id, flow!.id));
  }
  /** Waits out the answering: nothing more reaches the fakes or the customer. */
  const settle = () => new Promise((r) => setTimeout(r, 1_200));
  return {
    tenant,
    vendas,
    suporte,
    flow: flow!,
    connection,
    customer,
    received,
    says,
    ticket,
    handOff,
    editGraph,
    settle,
  };
}

/** A key as the flow's save stores it (encrypted in the graph). */
export const storedKey = (plain: string) => encryptSecret(plain);
