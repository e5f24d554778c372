/**
 * A flow's openai block as the AI's turn reads it (automation-areas §3
 * "Blocks stored under typebotIntegration", §9 "AI block defaults"): the
 * same settings a prompt row gives (ai-turn.queries.ts AiSettings), plus the
 * voice. Ours: `model` (default the prompts' §9 model) and `baseUrl` ("" =
 * the server's OPENAI_BASE_URL). The builder's form may send numbers as
 * text; a field missing or out of range takes its default. The keys are
 * stored encrypted in the graph (the flow's save); one written in plain
 * text (an older import) is encrypted here, so the AI's turn reads every
 * key one way.
 */
import { promptDefaults, promptLimits } from "@balcao/contracts";
import { z } from "zod";
import { encryptSecret, isEncrypted } from "../../secrets/index.js";
import type { AiSettings } from "../ai-turn.queries.js";

/** §9: the voice that answers in text. */
export const textVoice = "texto";

const number = (min: number, max: number, fallback: number) => z.coerce.number().min(min).max(max).catch(fallback);
const int = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).catch(fallback);

const openaiBlock = z.object({
  prompt: z.string().catch(""),
  apiKey: z.string().trim().catch(""),
  voice: z.string().trim().catch(textVoice),
  voiceKey: z.string().trim().catch(""),
  voiceRegion: z.string().trim().catch(""),
  temperature: number(promptLimits.temperatureMin, 2, promptDefaults.temperature),
  maxTokens: int(promptLimits.maxTokensMax, promptDefaults.maxTokens),
  maxMessages: int(promptLimits.maxMessagesMax, promptDefaults.maxMessages),
  queueId: z.coerce.number().int().positive().nullable().catch(null),
  model: z.string().trim().min(1).max(promptLimits.modelMax).catch(promptDefaults.model),
  baseUrl: z.string().trim().max(promptLimits.baseUrlMax).catch(promptDefaults.baseUrl),
});

const stored = (key: string) => (key === "" || isEncrypted(key) ? key : encryptSecret(key));

/** The block's settings; `queueId` as saved (the caller checks it is the company's). */
export function openaiNodeSettings(fields: Record<string, unknown>): AiSettings {
  const block = openaiBlock.parse(fields);
  const speaks = block.voice !== "" && block.voice !== textVoice;
  return {
    prompt: block.prompt,
    model: block.model,
    temperature: block.temperature,
    maxTokens: block.maxTokens,
    maxMessages: block.maxMessages,
    apiKey: stored(block.apiKey),
    baseUrl: block.baseUrl,
    transcriptionModel: promptDefaults.transcriptionModel,
    queueId: block.queueId,
    voice: speaks ? { name: block.voice, key: stored(block.voiceKey), region: block.voiceRegion } : null,
  };
}
