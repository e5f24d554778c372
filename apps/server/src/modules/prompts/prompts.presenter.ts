/** The prompt as the dialog and the list read it (automation-areas §3 "Prompt"): the key masked, never whole. */
import type { PromptDto } from "@balcao/contracts";
import { decryptSecret, maskSecret } from "../../secrets/index.js";
import type { PromptWithQueue } from "./prompts.queries.js";

export function presentPrompt(row: PromptWithQueue): PromptDto {
  return {
    id: row.id,
    name: row.name,
    prompt: row.prompt,
    model: row.model,
    maxTokens: row.maxTokens,
    temperature: row.temperature,
    apiKey: maskSecret(decryptSecret(row.apiKey)),
    queueId: row.queueId,
    maxMessages: row.maxMessages,
    baseUrl: row.baseUrl,
    transcriptionModel: row.transcriptionModel,
    companyId: row.companyId,
    queue: row.queueId !== null && row.queueName !== null ? { id: row.queueId, name: row.queueName } : null,
    lastUpdate: row.lastUpdate.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
