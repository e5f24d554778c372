/**
 * The AI and Typebot blocks of a flow as the builder saves them (issue 18 item 3), with keys a test
 * can look for in what is stored and answered.
 */
import { buildQueue, buildTenant } from "./factories.js";
import { createFlow, node } from "./flow-graphs.js";
import type { TestServer } from "./harness.js";

export const apiKey = "sk-flow-0123456789abcdefWXYZ";
export const voiceKey = "azure-voice-key-000011112222QRST";

export const aiNode = (id: string, block: Record<string, unknown> = {}) =>
  node(id, "openai", {
    typebotIntegration: {
      name: "Atendente IA",
      projectName: "Atendente IA",
      prompt: "Você é o assistente da padaria.",
      apiKey,
      voice: "pt-BR-FranciscaNeural",
      voiceKey,
      voiceRegion: "brazilsouth",
      temperature: 1,
      maxTokens: 100,
      maxMessages: 10,
      queueId: null,
      ...block,
    },
  });

export const typebotNode = (id: string, block: Record<string, unknown> = {}) =>
  node(id, "typebot", {
    typebotIntegration: {
      name: "Bot",
      projectName: "Bot",
      urlN8N: "https://typebot.example.com",
      typebotSlug: "atendimento",
      typebotExpires: 1,
      typebotDelayMessage: 1000,
      ...block,
    },
  });

/** A company with a queue and an empty flow, as its admin made them. */
export async function tenantWithFlow(s: TestServer) {
  const t = await buildTenant(s);
  const queue = await buildQueue(s, t.company.id);
  const flow = await createFlow(s, t.admin.token);
  return { ...t, queue, flow };
}
