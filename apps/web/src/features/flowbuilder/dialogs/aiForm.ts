/**
 * The OpenAI block's form (§2, §3, §5, §9): name, apiKey and prompt required; voice
 * 'texto' or one of the 15 pt-BR voices (which then need the Azure key and region); the
 * §9 defaults; ours: model (the prompts' options) and baseUrl ("" = the server's
 * provider). A key loaded masked from the server is sent back as it is, which keeps the
 * stored key, unless the admin types a new one.
 */
import { flowAiDefaults, flowAiVoices, promptLimits } from "@balcao/contracts";
import { z } from "zod";
import { obj, str } from "./read";
import { errorKey } from "./rules";

const required = (max: number) => z.string().trim().min(1, errorKey("required")).max(max, errorKey("tooLong"));
const optional = (max: number) => z.string().trim().max(max, errorKey("tooLong"));
const numberIn = (min: number, max: number, whole: boolean) =>
  z
    .string()
    .trim()
    .refine((v) => {
      const n = Number(v);
      return v !== "" && Number.isFinite(n) && n >= min && n <= max && (!whole || Number.isInteger(n));
    }, errorKey("number"));

export const aiFormSchema = z
  .object({
    name: required(promptLimits.nameMax),
    apiKey: required(promptLimits.apiKeyMax),
    prompt: required(promptLimits.promptMax),
    voice: z.enum(flowAiVoices),
    voiceKey: optional(promptLimits.apiKeyMax),
    voiceRegion: optional(100),
    temperature: numberIn(promptLimits.temperatureMin, promptLimits.temperatureMax, false),
    maxTokens: numberIn(1, promptLimits.maxTokensMax, true),
    maxMessages: numberIn(1, promptLimits.maxMessagesMax, true),
    model: required(promptLimits.modelMax),
    baseUrl: optional(promptLimits.baseUrlMax).refine(
      (v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v),
      errorKey("url"),
    ),
  })
  .superRefine((v, ctx) => {
    // A spoken answer is synthesised with the block's Azure key in its region.
    if (v.voice === "texto") return;
    for (const field of ["voiceKey", "voiceRegion"] as const)
      if (v[field] === "") ctx.addIssue({ code: "custom", path: [field], message: errorKey("required") });
  });
export type AiFormValues = z.input<typeof aiFormSchema>;

function savedVoice(value: unknown): AiFormValues["voice"] {
  return (flowAiVoices as readonly unknown[]).includes(value) ? (value as AiFormValues["voice"]) : flowAiDefaults.voice;
}

export function toAiForm(data: Record<string, unknown> | undefined): AiFormValues {
  const saved = obj(data?.typebotIntegration);
  return {
    name: str(saved.name),
    apiKey: str(saved.apiKey),
    prompt: str(saved.prompt),
    voice: savedVoice(saved.voice),
    voiceKey: str(saved.voiceKey),
    voiceRegion: str(saved.voiceRegion),
    temperature: str(saved.temperature, String(flowAiDefaults.temperature)),
    maxTokens: str(saved.maxTokens, String(flowAiDefaults.maxTokens)),
    maxMessages: str(saved.maxMessages, String(flowAiDefaults.maxMessages)),
    model: str(saved.model, flowAiDefaults.model) || flowAiDefaults.model,
    baseUrl: str(saved.baseUrl),
  };
}

/** The node's data: numbers as numbers, projectName = name, the saved queueId (null by default). */
export function toAiData(values: AiFormValues, data: Record<string, unknown> | undefined) {
  const v = aiFormSchema.parse(values);
  const saved = obj(data?.typebotIntegration);
  return {
    typebotIntegration: {
      ...saved,
      ...v,
      projectName: v.name,
      temperature: Number(v.temperature),
      maxTokens: Number(v.maxTokens),
      maxMessages: Number(v.maxMessages),
      queueId: saved.queueId ?? flowAiDefaults.queueId,
    },
  };
}
