/**
 * Queue integrations (automation-areas §2 "Queue integration dialog", §3, §5,
 * §7, §9; issue 17 items 5 and 6): what the dialog sends and reads, validated
 * alike by the server and the form.
 *
 * GET    /queueIntegration/?searchParam&pageNumber → QueueIntegrationPage (without pageNumber: every one)
 * GET    /queueIntegration/{id}                  → QueueIntegrationDto
 * POST   /queueIntegration, PUT /queueIntegration/{id} (queueIntegrationSaveSchema) → QueueIntegrationDto
 * DELETE /queueIntegration/{id}                  → {message: queueIntegrationDeletedMessage}
 * POST   /queueIntegration/{id}/secret           → QueueIntegrationDto with a new signingSecret
 * POST   /queueIntegration/testSession (queueIntegrationTestSchema) → {message: "ok"} or
 *        400 ERR_DIALOGFLOW_INVALID_JSON | ERR_DIALOGFLOW_AUTH | ERR_DIALOGFLOW_PROJECT
 * Every one: profile admin and the plan's useIntegrations (403 ERR_NO_PERMISSION).
 */
import { z } from "zod";
import { idSchema, intSchema } from "./ids.js";

/** §2: the type select's options, in its order, with the labels it shows. */
export const queueIntegrationTypeOptions = [
  { value: "dialogflow", label: "DialogFlow" },
  { value: "n8n", label: "N8N" },
  { value: "webhook", label: "WebHooks" },
  { value: "typebot", label: "Typebot" },
  { value: "flowbuilder", label: "Flowbuilder" },
] as const;
export const queueIntegrationTypes = ["dialogflow", "n8n", "webhook", "typebot", "flowbuilder"] as const;
export type QueueIntegrationType = (typeof queueIntegrationTypes)[number];

/** §9 languages (Dialogflow's languageCode), with the labels the select shows. */
export const queueIntegrationLanguageOptions = [
  { value: "pt-BR", label: "Portugues" },
  { value: "en", label: "English" },
  { value: "es", label: "Español" },
] as const;
export const queueIntegrationLanguages = ["pt-BR", "en", "es"] as const;

export const queueIntegrationLimits = {
  nameMin: 2,
  nameMax: 50,
  urlMax: 500,
  slugMax: 200,
  projectNameMax: 200,
  /** A Google service-account JSON is about 2.4 kB. */
  jsonContentMax: 20_000,
  keywordMax: 100,
  messageMax: 4_000,
  /** typebotExpires, minutes: up to a week (0: never expires). */
  expiresMax: 10_080,
  /** typebotDelayMessage, ms: up to a minute. */
  delayMax: 60_000,
  pageSize: 20,
} as const;

/** §9 defaults (type typebot, 1000 ms between messages, sessions expire after 1 minute). */
export const queueIntegrationDefaults = {
  type: "typebot",
  typebotDelayMessage: 1000,
  typebotExpires: 1,
  language: "pt-BR",
} as const;

/** The types whose projectName is their name (§5): set before saving, on both sides. */
export const namedProjectTypes: readonly QueueIntegrationType[] = ["n8n", "webhook", "typebot", "flowbuilder"];

const text = (max: number) =>
  z
    .union([z.null(), z.string().trim().max(max)])
    .optional()
    .transform((v) => v ?? "");

/** "" or an http(s) URL; the server also checks it against the SSRF guard when saved. */
export const integrationUrlSchema = z
  .union([
    z.null(),
    z.literal(""),
    z
      .string()
      .trim()
      .max(queueIntegrationLimits.urlMax)
      .pipe(z.url({ protocol: /^https?$/ })),
  ])
  .optional()
  .transform((v) => v ?? "");

const wholeNumber = (max: number, fallback: number) =>
  z
    .union([z.null(), z.literal(""), intSchema(0, max)])
    .optional()
    .transform((v) => (v === null || v === undefined || v === "" ? fallback : v));

/**
 * The dialog's fields (the form validates with this). `jsonContent` comes
 * back with its private_key masked; sending it back unchanged keeps the
 * stored key. The §5 per-type rules are queueIntegrationRules (refined in the
 * save schema), so a form can show them on the field.
 */
export const queueIntegrationFieldsSchema = z.object({
  type: z.enum(queueIntegrationTypes).optional().default(queueIntegrationDefaults.type),
  name: z.string().trim().min(queueIntegrationLimits.nameMin).max(queueIntegrationLimits.nameMax),
  projectName: text(queueIntegrationLimits.projectNameMax),
  jsonContent: z
    .union([z.null(), z.string().max(queueIntegrationLimits.jsonContentMax)])
    .optional()
    .transform((v) => (v ?? "").trim()),
  language: z
    .union([z.null(), z.literal(""), z.enum(queueIntegrationLanguages)])
    .optional()
    .transform((v) => v || queueIntegrationDefaults.language),
  urlN8N: integrationUrlSchema,
  typebotSlug: text(queueIntegrationLimits.slugMax),
  typebotExpires: wholeNumber(queueIntegrationLimits.expiresMax, queueIntegrationDefaults.typebotExpires),
  typebotDelayMessage: wholeNumber(queueIntegrationLimits.delayMax, queueIntegrationDefaults.typebotDelayMessage),
  typebotKeywordFinish: text(queueIntegrationLimits.keywordMax),
  typebotKeywordRestart: text(queueIntegrationLimits.keywordMax),
  typebotRestartMessage: text(queueIntegrationLimits.messageMax),
  typebotUnknownMessage: text(queueIntegrationLimits.messageMax),
});
export type QueueIntegrationFields = z.input<typeof queueIntegrationFieldsSchema>;
type Parsed = z.output<typeof queueIntegrationFieldsSchema>;

/** §5 rules across fields: the field that breaks one, or nothing. */
export function queueIntegrationRules(
  v: Pick<Parsed, "type" | "urlN8N" | "typebotSlug">,
): ("urlN8N" | "typebotSlug")[] {
  const broken: ("urlN8N" | "typebotSlug")[] = [];
  if ((v.type === "n8n" || v.type === "webhook") && !v.urlN8N) broken.push("urlN8N");
  if (v.type === "typebot" && !v.typebotSlug) broken.push("typebotSlug");
  return broken;
}

/** POST /queueIntegration and PUT /queueIntegration/{id}: companyId, id and the rest are accepted and ignored. */
export const queueIntegrationSaveSchema = queueIntegrationFieldsSchema
  .loose()
  .superRefine((v, issue) => {
    for (const field of queueIntegrationRules(v)) {
      issue.addIssue({ code: "custom", path: [field], message: "Required" });
    }
  })
  .transform((v) => (namedProjectTypes.includes(v.type) ? { ...v, projectName: v.name } : v));
export type QueueIntegrationSave = z.output<typeof queueIntegrationSaveSchema>;

/** POST /queueIntegration/testSession: `id` names a saved integration whose stored key replaces a masked one. */
export const queueIntegrationTestSchema = z
  .object({
    projectName: text(queueIntegrationLimits.projectNameMax),
    jsonContent: z.string().max(queueIntegrationLimits.jsonContentMax),
    language: z
      .union([z.null(), z.literal(""), z.enum(queueIntegrationLanguages)])
      .optional()
      .transform((v) => v || queueIntegrationDefaults.language),
    id: z
      .union([z.null(), z.literal(""), idSchema])
      .optional()
      .transform((v) => v || null),
  })
  .loose();
export type QueueIntegrationTest = z.output<typeof queueIntegrationTestSchema>;

/** GET /queueIntegration/: without pageNumber every integration (the queue and connection selects). */
export const queueIntegrationQuerySchema = z
  .object({
    searchParam: z.string().max(200).optional().default(""),
    pageNumber: intSchema(1).optional(),
  })
  .loose();

export interface QueueIntegrationDto {
  id: number;
  type: QueueIntegrationType;
  name: string;
  projectName: string;
  /** The service account JSON with its private_key masked (maskSecret); "" when none. */
  jsonContent: string;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
  /**
   * The key of X-Balcao-Signature (n8n and webhook deliveries), in full: the
   * one secret answered whole, to administrators (the dialog shows it with
   * copy and regenerate).
   */
  signingSecret: string;
  companyId: number;
  /** When it was last saved (ISO). */
  lastUpdate: string;
  createdAt: string;
  updatedAt: string;
}

export interface QueueIntegrationPage {
  queueIntegrations: QueueIntegrationDto[];
  hasMore: boolean;
  count: number;
}

/** DELETE /queueIntegration/{id}: the translation key the client shows (§8 queueIntegration.toasts.deleted). */
export const queueIntegrationDeletedMessage = "queueIntegration.toasts.deleted";
