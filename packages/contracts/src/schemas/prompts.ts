/**
 * AI prompts (automation-areas §2 "Prompt dialog", §3 "Prompt", §5, §7, §9;
 * issue 17 item 1): what the dialog sends and reads, validated alike by the
 * server and the form.
 *
 * Input takes both spellings of §3 (apiKey/apikey, maxTokens/max_tokens,
 * maxMessages/max_messages); answers use the camelCase ones. `baseUrl` (any
 * OpenAI-compatible provider; "" = the server's OPENAI_BASE_URL) and
 * `transcriptionModel` are ours.
 */
import { z } from "zod";
import { idSchema, intSchema } from "./ids.js";

export const promptLimits = {
  nameMin: 5,
  nameMax: 100,
  promptMin: 50,
  promptMax: 20_000,
  modelMax: 100,
  apiKeyMax: 1_000,
  baseUrlMax: 500,
  maxTokensMax: 128_000,
  maxMessagesMax: 100,
  temperatureMin: 0,
  temperatureMax: 1,
  /** The dialog's temperature input steps by this (§5). */
  temperatureStep: 0.1,
} as const;

/** §9 model options: the value sent and the label shown. Any other model name may be typed. */
export const promptModelOptions = [
  { value: "gpt-3.5-turbo-1106", label: "GPT 3.5 turbo" },
  { value: "gpt-4o-mini", label: "GPT 4.0" },
] as const;

/** §9 defaults, plus ours (baseUrl "" = the server's default provider, transcriptionModel). */
export const promptDefaults = {
  model: "gpt-3.5-turbo-1106",
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
  baseUrl: "",
  transcriptionModel: "whisper-1",
} as const;

/** The phrase a reply carries when the AI hands the ticket to people (SERVER-BEHAVIOUR "AI prompts"). */
export const promptTransferPhrase = "Ação: Transferir para o setor de atendimento";

const trimmed = (min: number, max: number) => z.string().trim().min(min).max(max);

/** "" (the server's default provider) or an http(s) URL; checked against the SSRF guard when saved. */
export const promptBaseUrlSchema = z.union([
  z.literal(""),
  z
    .string()
    .trim()
    .max(promptLimits.baseUrlMax)
    .pipe(z.url({ protocol: /^https?$/ })),
]);

/**
 * The dialog's fields in their camelCase spelling (the form validates with this). The stored key comes back
 * masked (maskSecret); sending the mask back keeps it.
 */
export const promptFieldsSchema = z.object({
  name: trimmed(promptLimits.nameMin, promptLimits.nameMax),
  prompt: trimmed(promptLimits.promptMin, promptLimits.promptMax),
  queueId: idSchema,
  model: trimmed(1, promptLimits.modelMax),
  maxTokens: intSchema(1, promptLimits.maxTokensMax),
  temperature: z.coerce.number().min(promptLimits.temperatureMin).max(promptLimits.temperatureMax),
  maxMessages: intSchema(1, promptLimits.maxMessagesMax),
  apiKey: trimmed(1, promptLimits.apiKeyMax),
  baseUrl: promptBaseUrlSchema.optional().default(promptDefaults.baseUrl),
  transcriptionModel: trimmed(1, promptLimits.modelMax).optional().default(promptDefaults.transcriptionModel),
});
export type PromptFields = z.input<typeof promptFieldsSchema>;

/** The other reading's spellings (§3), each read when its camelCase twin is absent. */
const otherSpellings = { apikey: "apiKey", max_tokens: "maxTokens", max_messages: "maxMessages" } as const;

function camelCased(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const [other, camel] of Object.entries(otherSpellings)) {
    if (out[camel] === undefined && out[other] !== undefined) out[camel] = out[other];
    delete out[other];
  }
  return out;
}

/** POST /prompt and PUT /prompt/{id}: either spelling; companyId and the rest are accepted and ignored. */
export const promptSaveSchema = z.preprocess(camelCased, promptFieldsSchema.loose());
export type PromptSave = z.infer<typeof promptSaveSchema>;

export interface PromptDto {
  id: number;
  name: string;
  prompt: string;
  model: string;
  maxTokens: number;
  temperature: number;
  /** Masked: never the stored key whole (maskSecret: the last 4 characters of a long key). */
  apiKey: string;
  queueId: number | null;
  maxMessages: number;
  /** "" = the server's default provider (OPENAI_BASE_URL). */
  baseUrl: string;
  transcriptionModel: string;
  companyId: number;
  /** The queue's name, for the list (null once the queue is deleted). */
  queue: { id: number; name: string } | null;
  /** When it was last saved (ISO). */
  lastUpdate: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /prompt. */
export interface PromptList {
  prompts: PromptDto[];
}

/** DELETE /prompt/{id}: the translation key the client shows as an info toast (§8). */
export const promptDeletedMessage = "prompts.toasts.deleted";
