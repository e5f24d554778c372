/**
 * The AI answering customers (issue 17 items 3–4), as a customer meets it: messages
 * through Meta's signed webhook (the fake Graph API), the AI's provider an
 * OpenAI-compatible fake that records what it was sent. Shared by the ai-turn tests.
 */
import type { PromptDto, QueueDto, TicketNoteDto } from "@balcao/contracts";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { whatsappQueues } from "../src/db/schema/index.js";
import { providerTiming } from "../src/automation/ai-provider.js";
import { buildCloudConnection } from "./cloud-connection.js";
import { cloudCustomer } from "./cloud-customer.js";
import { buildTenant } from "./factories.js";
import { startFakeGraph, type FakeGraph } from "./fake-graph.js";
import { startFakeOpenAi, type FakeOpenAi } from "./fake-openai.js";
import { startTestServer, type TestServer } from "./harness.js";
import { createQueue } from "./queues.js";
import { closeAllSockets } from "./sockets.js";

export interface AiWorld {
  s: TestServer;
  graph: FakeGraph;
  ai: FakeOpenAi;
}

/** A test server whose WhatsApp is the fake Graph API and whose AI provider is the fake, for this file. */
export function useAiWorld(): AiWorld {
  const world = {} as AiWorld;
  const timing = { ...providerTiming, backoffMs: [...providerTiming.backoffMs] };
  beforeAll(async () => {
    world.graph = await startFakeGraph();
    world.ai = await startFakeOpenAi();
    world.s = await startTestServer({ WHATSAPP_GRAPH_URL: world.graph.url, OPENAI_BASE_URL: world.ai.url });
    // The rule's shape, on a shorter clock: 3 attempts of at most 1.5 s within 5 s.
    Object.assign(providerTiming, { attemptTimeoutMs: 1_500, budgetMs: 5_000, backoffMs: [100, 200] });
  });
  beforeEach(() => world.ai.reset());
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    Object.assign(providerTiming, timing);
    await world.s?.close();
    await world.graph?.close();
    await world.ai?.close();
  });
  return world;
}

export const training = "Você é a atendente virtual da Padaria Pão Quente. Responda em uma frase curta, com simpatia.";
export const apiKey = "sk-padaria-0123456789abcdef";

/** A company whose Cloud API connection (or its queue Vendas) has a prompt; a customer who writes. */
export async function aiScene(
  { s, graph }: AiWorld,
  opts: { on: "connection" | "queue"; maxMessages?: number } = { on: "connection" },
) {
  const tenant = await buildTenant(s);
  const admin = tenant.admin.token;
  const vendas = (
    await createQueue(s, admin, { name: "Vendas", color: "#00aa00", greetingMessage: "Vendas aqui!" })
  ).json<QueueDto>();
  const created = await s.request({
    method: "POST",
    path: "/prompt",
    token: admin,
    body: {
      name: "Padaria IA",
      prompt: training,
      queueId: vendas.id,
      model: "gpt-4o-mini",
      maxTokens: 77,
      temperature: 0.3,
      maxMessages: opts.maxMessages ?? 10,
      apiKey,
    },
  });
  if (created.statusCode !== 200) throw new Error(`prompt: ${created.body}`);
  const prompt = created.json<PromptDto>();
  const connection = await buildCloudConnection(s, graph, tenant.company.id, {
    greetingMessage: "Olá! Escolha:",
    ...(opts.on === "connection" ? { promptId: prompt.id } : {}),
  });
  if (opts.on === "queue") {
    const suporte = (await createQueue(s, admin, { name: "Suporte", color: "#0000aa" })).json<QueueDto>();
    await s.request({
      method: "PUT",
      path: `/queue/${vendas.id}`,
      token: admin,
      body: { name: "Vendas", color: "#00aa00", greetingMessage: "Vendas aqui!", promptId: prompt.id },
    });
    await s.ctx.db.insert(whatsappQueues).values([
      { whatsappId: connection.id, queueId: vendas.id },
      { whatsappId: connection.id, queueId: suporte.id },
    ]);
  }
  const { customer, says, texts: received, ticket } = cloudCustomer(s, graph, connection);
  const notes = async () =>
    (
      await s.request({
        path: `/ticket-notes/list?ticketId=${(await ticket()).id}&contactId=${(await ticket()).contactId}`,
        token: admin,
      })
    ).json<TicketNoteDto[]>();
  /** Waits out the answering: nothing more reaches the provider or the customer. */
  const settle = () => new Promise((r) => setTimeout(r, 1_200));
  return { tenant, vendas, prompt, connection, customer, received, says, ticket, notes, settle };
}
