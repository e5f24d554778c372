/**
 * A flow's typebot block as the Typebot turn reads it (automation-areas §3
 * "Blocks stored under typebotIntegration": the queue integration's fields),
 * the same settings an integration row gives runTypebot
 * (integrations/typebot/typebot-runner.ts). The builder's form may send
 * numbers as text; a field missing or out of range takes the §9 default.
 */
import { queueIntegrationDefaults, queueIntegrationLimits } from "@balcao/contracts";
import { z } from "zod";
import type { TypebotSettings } from "../../integrations/typebot/typebot-runner.js";

const text = z.string().catch("");
const whole = (max: number, fallback: number) => z.coerce.number().int().min(0).max(max).catch(fallback);

const typebotBlock = z.object({
  urlN8N: z.string().trim().catch(""),
  typebotSlug: z.string().trim().catch(""),
  typebotExpires: whole(queueIntegrationLimits.expiresMax, queueIntegrationDefaults.typebotExpires),
  typebotDelayMessage: whole(queueIntegrationLimits.delayMax, queueIntegrationDefaults.typebotDelayMessage),
  typebotKeywordFinish: text,
  typebotKeywordRestart: text,
  typebotUnknownMessage: text,
  typebotRestartMessage: text,
});

export function typebotNodeSettings(fields: Record<string, unknown>): TypebotSettings {
  return typebotBlock.parse(fields);
}
