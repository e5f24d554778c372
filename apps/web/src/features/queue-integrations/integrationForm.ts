/**
 * The queue integration dialog's form (automation-areas §2 table, §5, §9).
 * Messages are i18n keys of queueIntegrationModal.formErrors. Inputs hold
 * strings; the body sent is the contracts' queueIntegrationFieldsSchema
 * shape, with projectName = name for the types that have no project (§5).
 */
import {
  namedProjectTypes,
  queueIntegrationDefaults,
  queueIntegrationLimits,
  queueIntegrationRules,
  queueIntegrationTypes,
  type QueueIntegrationDto,
  type QueueIntegrationFields,
  type QueueIntegrationType,
} from "@balcao/contracts";
import { z } from "zod";
import { nameField } from "../common/nameField";

const m = (key: string) => `queueIntegrationModal.formErrors.${key}`;

const wholeText = (max: number) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || (/^\d+$/.test(v) && Number(v) <= max), m("number"));

const urlText = z
  .string()
  .trim()
  .max(queueIntegrationLimits.urlMax, m("url"))
  .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), m("url"));

export const integrationFormSchema = z
  .object({
    type: z.enum(queueIntegrationTypes),
    name: nameField("queueIntegrationModal.formErrors"),
    projectName: z.string().trim().max(queueIntegrationLimits.projectNameMax),
    jsonContent: z.string().max(queueIntegrationLimits.jsonContentMax),
    language: z.string(),
    urlN8N: urlText,
    typebotSlug: z.string().trim().max(queueIntegrationLimits.slugMax),
    typebotExpires: wholeText(queueIntegrationLimits.expiresMax),
    typebotDelayMessage: wholeText(queueIntegrationLimits.delayMax),
    typebotKeywordFinish: z.string().trim().max(queueIntegrationLimits.keywordMax),
    typebotKeywordRestart: z.string().trim().max(queueIntegrationLimits.keywordMax),
    typebotRestartMessage: z.string().max(queueIntegrationLimits.messageMax),
    typebotUnknownMessage: z.string().max(queueIntegrationLimits.messageMax),
  })
  .superRefine((v, ctx) => {
    // §5: urlN8N for n8n and webhook, typebotSlug for typebot (the contracts' rule, shown on the field).
    for (const field of queueIntegrationRules({
      type: v.type,
      urlN8N: v.urlN8N.trim(),
      typebotSlug: v.typebotSlug.trim(),
    })) {
      ctx.addIssue({ code: "custom", path: [field], message: m("required") });
    }
  });

export type IntegrationFormValues = z.infer<typeof integrationFormSchema>;

export function emptyIntegrationForm(): IntegrationFormValues {
  return {
    type: queueIntegrationDefaults.type,
    name: "",
    projectName: "",
    jsonContent: "",
    language: queueIntegrationDefaults.language,
    urlN8N: "",
    typebotSlug: "",
    typebotExpires: String(queueIntegrationDefaults.typebotExpires),
    typebotDelayMessage: String(queueIntegrationDefaults.typebotDelayMessage),
    typebotKeywordFinish: "",
    typebotKeywordRestart: "",
    typebotRestartMessage: "",
    typebotUnknownMessage: "",
  };
}

export function toIntegrationForm(record: QueueIntegrationDto): IntegrationFormValues {
  return {
    type: record.type,
    name: record.name,
    projectName: record.projectName,
    // The service account comes with its private_key masked; sending it back keeps the stored one.
    jsonContent: record.jsonContent,
    language: record.language || queueIntegrationDefaults.language,
    urlN8N: record.urlN8N,
    typebotSlug: record.typebotSlug,
    typebotExpires: String(record.typebotExpires),
    typebotDelayMessage: String(record.typebotDelayMessage),
    typebotKeywordFinish: record.typebotKeywordFinish,
    typebotKeywordRestart: record.typebotKeywordRestart,
    typebotRestartMessage: record.typebotRestartMessage,
    typebotUnknownMessage: record.typebotUnknownMessage,
  };
}

const wholeOr = (v: string, fallback: number) => (v.trim() === "" ? fallback : Number(v));

/** POST /queueIntegration and PUT /queueIntegration/{id} (§7). */
export function toIntegrationBody(values: IntegrationFormValues): QueueIntegrationFields {
  const name = values.name.trim();
  return {
    type: values.type,
    name,
    projectName: namedProjectTypes.includes(values.type) ? name : values.projectName.trim(),
    jsonContent: values.jsonContent,
    language: values.language as QueueIntegrationFields["language"],
    urlN8N: values.urlN8N.trim(),
    typebotSlug: values.typebotSlug.trim(),
    typebotExpires: wholeOr(values.typebotExpires, queueIntegrationDefaults.typebotExpires),
    typebotDelayMessage: wholeOr(values.typebotDelayMessage, queueIntegrationDefaults.typebotDelayMessage),
    typebotKeywordFinish: values.typebotKeywordFinish.trim(),
    typebotKeywordRestart: values.typebotKeywordRestart.trim(),
    typebotRestartMessage: values.typebotRestartMessage,
    typebotUnknownMessage: values.typebotUnknownMessage,
  };
}

/** Which fields the type shows (§2 table); name is always there. */
export type IntegrationField = Exclude<keyof IntegrationFormValues, "type" | "name">;
const typebotFields: IntegrationField[] = [
  "urlN8N",
  "typebotSlug",
  "typebotExpires",
  "typebotDelayMessage",
  "typebotKeywordFinish",
  "typebotKeywordRestart",
  "typebotUnknownMessage",
  "typebotRestartMessage",
];
export const fieldsByType: Record<QueueIntegrationType, IntegrationField[]> = {
  dialogflow: ["language", "projectName", "jsonContent"],
  n8n: ["urlN8N"],
  webhook: ["urlN8N"],
  typebot: typebotFields,
  flowbuilder: [],
};

/** n8n and webhook deliveries are signed and logged: their dialog shows the secret and the log. */
export const deliversWebhooks = (type: QueueIntegrationType) => type === "n8n" || type === "webhook";
