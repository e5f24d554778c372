/**
 * The AI's turn across a SIGKILL (issue 17 item 3: durable, never twice):
 * a real server process on PostgreSQL, the fake Graph API as WhatsApp and the
 * fake OpenAI-compatible API as the provider. The server is killed while the
 * provider is still thinking; after the restart the turn runs again (pg-boss
 * hands the dead run out once its time is up), asks again, and the customer
 * gets exactly one answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useCrashScene } from "../../test/crash-scene.js";
import { startFakeGraph, type FakeGraph } from "../../test/fake-graph.js";
import { startFakeOpenAi, type FakeOpenAi } from "../../test/fake-openai.js";
import { connectCloud, signInAdmin, type ProcessSession } from "../../test/process-api.js";
import { until } from "../../test/sockets.js";

const PASSWORD = "AiTurnSafe123";
const cloud = { phoneNumberId: "109876543299", accessToken: "EAAGaiturn", appSecret: "ai-turn-secret" };

let graph: FakeGraph;
let ai: FakeOpenAi;
const scene = useCrashScene("ai-turn", PASSWORD, () => ({
  WHATSAPP_GRAPH_URL: graph.url,
  OPENAI_BASE_URL: ai.url,
  JOB_RECOVERY_SECONDS: "1",
}));
const start = async (): Promise<ProcessSession> => signInAdmin(await scene.start(), PASSWORD);

beforeAll(async () => {
  graph = await startFakeGraph();
  graph.addNumber(cloud);
  ai = await startFakeOpenAi();
});
afterAll(() => Promise.all([graph.close(), ai.close()]));

describe("the AI's turn", () => {
  it("killed while the provider answers: after the restart the customer gets one answer, not two", async () => {
    const admin = await start();
    const queue = await admin.call<{ id: number }>("POST", "/queue", { name: "Vendas", color: "#00aa00" });
    const prompt = await admin.call<{ id: number }>("POST", "/prompt", {
      name: "Padaria IA",
      prompt: "Você é a atendente virtual da Padaria Pão Quente. Responda em uma frase curta.",
      queueId: queue.json.id,
      model: "gpt-4o-mini",
      maxTokens: 50,
      temperature: 0.5,
      maxMessages: 5,
      apiKey: "sk-crash-0123456789abcdef",
    });
    expect(prompt.status).toBe(200);
    await connectCloud(admin, scene.server, graph, cloud, { promptId: prompt.json.id });

    // The first call takes long enough to be cut short by the kill; the one after the restart answers.
    ai.reply({ delayMs: 8_000, then: { text: "Resposta da primeira tentativa" } });
    ai.defaultReply = { text: "Abrimos às 7h!" };
    const from = "5511944443333";
    const sent = await graph.customerMessage({
      phoneNumberId: cloud.phoneNumberId,
      from,
      name: "Rita",
      text: "Que horas abrem?",
    });
    expect(sent.status).toBe(200);
    await until(() => ai.chats().length === 1, 30_000, 100);
    await scene.kill();

    await start();
    await graph.waitForSent(1, from, 150_000);
    // Time for a second answer, were there one.
    await new Promise((r) => setTimeout(r, 5_000));
    const texts = graph.sent.filter((s) => s.to === from).map((s) => (s.body.text as { body: string }).body);
    expect(texts).toEqual(["Abrimos às 7h!"]);
    expect(ai.chats().length).toBeGreaterThanOrEqual(2);
  }, 240_000);
});
