/**
 * The prompt dialog's form (automation-areas §5 "Prompt", §9 defaults).
 * Messages are i18n keys of promptModal.formErrors, translated where shown.
 * Inputs hold strings; the body sent is promptFieldsSchema's camelCase shape.
 */
import { promptDefaults, promptLimits, promptModelOptions, type PromptDto, type PromptFields } from "@balcao/contracts";
import { z } from "zod";

const m = (key: string) => `promptModal.formErrors.${key}`;

/** The model select's value for "another model", whose name is typed in customModel. */
export const otherModel = "other";

const isKnownModel = (model: string) => promptModelOptions.some((o) => o.value === model);

const numberText = (min: number, max: number, key: string, integer: boolean) =>
  z
    .string()
    .trim()
    .min(1, m(`${key}.required`))
    .refine(
      (v) => {
        const n = Number(v);
        return Number.isFinite(n) && (!integer || Number.isInteger(n)) && n >= min && n <= max;
      },
      m(`${key}.invalid`),
    );

export const promptFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, m("name.required"))
      .min(promptLimits.nameMin, m("name.short"))
      .max(promptLimits.nameMax, m("name.long")),
    apiKey: z.string().trim().min(1, m("apiKey.required")).max(promptLimits.apiKeyMax, m("apiKey.long")),
    prompt: z
      .string()
      .trim()
      .min(1, m("prompt.required"))
      .min(promptLimits.promptMin, m("prompt.short"))
      .max(promptLimits.promptMax, m("prompt.long")),
    /** "" until a queue is chosen: the dialog then shows promptModal.setor (§5). */
    queueId: z.string(),
    model: z.string().min(1, m("model.required")),
    customModel: z.string().trim().max(promptLimits.modelMax, m("model.long")),
    temperature: numberText(promptLimits.temperatureMin, promptLimits.temperatureMax, "temperature", false),
    maxTokens: numberText(1, promptLimits.maxTokensMax, "maxTokens", true),
    maxMessages: numberText(1, promptLimits.maxMessagesMax, "maxMessages", true),
    baseUrl: z
      .string()
      .trim()
      .max(promptLimits.baseUrlMax, m("baseUrl.invalid"))
      .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), m("baseUrl.invalid")),
    transcriptionModel: z.string().trim().min(1, m("transcriptionModel.required")).max(promptLimits.modelMax),
  })
  .refine((v) => v.model !== otherModel || v.customModel !== "", {
    path: ["customModel"],
    message: m("model.required"),
  });

export type PromptFormValues = z.infer<typeof promptFormSchema>;

export function emptyPromptForm(): PromptFormValues {
  return {
    name: "",
    apiKey: "",
    prompt: "",
    queueId: "",
    model: promptDefaults.model,
    customModel: "",
    temperature: String(promptDefaults.temperature),
    maxTokens: String(promptDefaults.maxTokens),
    maxMessages: String(promptDefaults.maxMessages),
    baseUrl: promptDefaults.baseUrl,
    transcriptionModel: promptDefaults.transcriptionModel,
  };
}

export function toPromptForm(prompt: PromptDto): PromptFormValues {
  const known = isKnownModel(prompt.model);
  return {
    name: prompt.name,
    // The stored key comes masked; sending the mask back keeps it (issue 17 item 2).
    apiKey: prompt.apiKey,
    prompt: prompt.prompt,
    queueId: prompt.queueId === null ? "" : String(prompt.queueId),
    model: known ? prompt.model : otherModel,
    customModel: known ? "" : prompt.model,
    temperature: String(prompt.temperature),
    maxTokens: String(prompt.maxTokens),
    maxMessages: String(prompt.maxMessages),
    baseUrl: prompt.baseUrl,
    transcriptionModel: prompt.transcriptionModel,
  };
}

/** POST /prompt and PUT /prompt/{id} (§7); queueId is checked to be chosen before this is called. */
export function toPromptBody(values: PromptFormValues): PromptFields {
  return {
    name: values.name.trim(),
    apiKey: values.apiKey.trim(),
    prompt: values.prompt.trim(),
    queueId: Number(values.queueId),
    model: values.model === otherModel ? values.customModel.trim() : values.model,
    temperature: Number(values.temperature),
    maxTokens: Number(values.maxTokens),
    maxMessages: Number(values.maxMessages),
    baseUrl: values.baseUrl.trim(),
    transcriptionModel: values.transcriptionModel.trim(),
  };
}
