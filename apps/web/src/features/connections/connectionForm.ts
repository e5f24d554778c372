/**
 * The connection modal's form (core-platform §2.17, §5 "Connection modal").
 * Inputs hold strings ("" is none / 0); toSaveBody turns them into the body
 * of POST and PUT /whatsapp (§7.4), leaving out queues and session.
 */
import {
  cloudIdSchema,
  defaultWeekdayHours,
  queueLimits,
  weekdayHoursSchema,
  whatsappLimits,
  whatsappTokenSchema,
  type WhatsappDto,
} from "@balcao/contracts";
import { z } from "zod";
import { nameField } from "../common/nameField";

const m = (key: string) => `whatsappModal.form.${key}`;
const text = z.string().max(queueLimits.messageMax);
const minutes = z.string().regex(/^\d{0,6}$/, m("minutesInvalid"));
const idText = z.string();

export const connectionFormSchema = z
  .object({
    name: nameField("whatsappModal.form"),
    isDefault: z.boolean(),
    provider: z.enum(["beta", "cloud"]),
    token: z.string().refine((v) => whatsappTokenSchema.safeParse(v).success, m("tokenInvalid")),
    greetingMessage: text,
    complationMessage: text,
    outOfHoursMessage: text,
    ratingMessage: text,
    queueIds: z.array(z.number()),
    sendIdQueue: idText,
    timeSendQueue: minutes,
    timeUseBotQueues: minutes,
    maxUseBotQueues: z.string().regex(/^\d{0,3}$/, m("minutesInvalid")),
    transferQueueId: idText,
    timeToTransfer: minutes,
    expiresTicket: minutes,
    expiresInactiveMessage: text,
    promptId: idText,
    integrationId: idText,
    flowIdWelcome: idText,
    flowIdNotPhrase: idText,
    schedules: z.array(weekdayHoursSchema.required()),
    cloudPhoneNumberId: z
      .string()
      .trim()
      .max(whatsappLimits.cloudIdMax)
      .refine((v) => cloudIdSchema.safeParse(v).success, m("cloudIdInvalid")),
    cloudAccessToken: z.string().trim().max(whatsappLimits.cloudSecretMax),
    cloudAppSecret: z.string().trim().max(whatsappLimits.cloudSecretMax),
    cloudVerifyToken: z.string().trim().max(whatsappLimits.cloudSecretMax),
  })
  .superRefine((v, ctx) => {
    // The Cloud API cannot work without its four credentials (the server says so too).
    if (v.provider !== "cloud") return;
    for (const field of ["cloudPhoneNumberId", "cloudAccessToken", "cloudAppSecret", "cloudVerifyToken"] as const) {
      if (!v[field]) ctx.addIssue({ code: "custom", path: [field], message: m("required") });
    }
  });

export type ConnectionFormValues = z.infer<typeof connectionFormSchema>;

/** Which tab holds each field, to show the first error after a refused submit. */
export const connectionTabs = ["general", "messages", "queues", "transfer", "hours", "provider"] as const;
export type ConnectionTab = (typeof connectionTabs)[number];

const fieldTabs: Partial<Record<keyof ConnectionFormValues, ConnectionTab>> = {
  greetingMessage: "messages",
  complationMessage: "messages",
  outOfHoursMessage: "messages",
  ratingMessage: "messages",
  queueIds: "queues",
  sendIdQueue: "queues",
  timeSendQueue: "queues",
  timeUseBotQueues: "queues",
  maxUseBotQueues: "queues",
  promptId: "queues",
  integrationId: "queues",
  flowIdWelcome: "queues",
  flowIdNotPhrase: "queues",
  transferQueueId: "transfer",
  timeToTransfer: "transfer",
  expiresTicket: "transfer",
  expiresInactiveMessage: "transfer",
  schedules: "hours",
  cloudPhoneNumberId: "provider",
  cloudAccessToken: "provider",
  cloudAppSecret: "provider",
  cloudVerifyToken: "provider",
};

export function tabOfField(field: string): ConnectionTab {
  return fieldTabs[field as keyof ConnectionFormValues] ?? "general";
}

export function emptyConnectionForm(): ConnectionFormValues {
  return {
    name: "",
    isDefault: false,
    provider: "beta",
    token: "",
    greetingMessage: "",
    complationMessage: "",
    outOfHoursMessage: "",
    ratingMessage: "",
    queueIds: [],
    sendIdQueue: "",
    timeSendQueue: "0",
    timeUseBotQueues: "0",
    maxUseBotQueues: "3",
    transferQueueId: "",
    timeToTransfer: "0",
    expiresTicket: "0",
    expiresInactiveMessage: "",
    promptId: "",
    integrationId: "",
    flowIdWelcome: "",
    flowIdNotPhrase: "",
    schedules: defaultWeekdayHours(),
    cloudPhoneNumberId: "",
    cloudAccessToken: "",
    cloudAppSecret: "",
    cloudVerifyToken: "",
  };
}

const orEmpty = (id: number | null | undefined) => (id === null || id === undefined ? "" : String(id));

/** The welcome and default flows of a flowbuilder integration's connection (issue 18 item 5). */
export interface ConnectionFlows {
  flowIdWelcome?: number | null;
  flowIdNotPhrase?: number | null;
}

export function toFormValues(w: WhatsappDto & ConnectionFlows): ConnectionFormValues {
  return {
    name: w.name,
    isDefault: w.isDefault,
    provider: w.provider,
    token: w.token,
    greetingMessage: w.greetingMessage,
    complationMessage: w.complationMessage,
    outOfHoursMessage: w.outOfHoursMessage,
    ratingMessage: w.ratingMessage,
    queueIds: w.queues.map((q) => q.id),
    sendIdQueue: orEmpty(w.sendIdQueue),
    timeSendQueue: String(w.timeSendQueue),
    timeUseBotQueues: String(w.timeUseBotQueues),
    maxUseBotQueues: String(w.maxUseBotQueues),
    transferQueueId: orEmpty(w.transferQueueId),
    timeToTransfer: String(w.timeToTransfer),
    expiresTicket: String(w.expiresTicket),
    expiresInactiveMessage: w.expiresInactiveMessage,
    promptId: orEmpty(w.promptId),
    integrationId: orEmpty(w.integrationId),
    flowIdWelcome: orEmpty(w.flowIdWelcome),
    flowIdNotPhrase: orEmpty(w.flowIdNotPhrase),
    schedules: w.schedules.length ? w.schedules : defaultWeekdayHours(),
    // Secrets come masked; sent back unchanged, the server keeps the stored ones.
    cloudPhoneNumberId: w.cloudPhoneNumberId,
    cloudAccessToken: w.cloudAccessToken,
    cloudAppSecret: w.cloudAppSecret,
    cloudVerifyToken: w.cloudVerifyToken,
  };
}

const idOrNull = (v: string) => (v === "" ? null : Number(v));
const count = (v: string) => (v === "" ? 0 : Number(v));

export function toSaveBody(v: ConnectionFormValues) {
  return {
    name: v.name,
    isDefault: v.isDefault,
    provider: v.provider,
    token: v.token.trim(),
    greetingMessage: v.greetingMessage,
    complationMessage: v.complationMessage,
    outOfHoursMessage: v.outOfHoursMessage,
    ratingMessage: v.ratingMessage,
    queueIds: v.queueIds,
    sendIdQueue: idOrNull(v.sendIdQueue),
    timeSendQueue: count(v.timeSendQueue),
    timeUseBotQueues: count(v.timeUseBotQueues),
    maxUseBotQueues: count(v.maxUseBotQueues),
    transferQueueId: idOrNull(v.transferQueueId),
    timeToTransfer: count(v.timeToTransfer),
    expiresTicket: count(v.expiresTicket),
    expiresInactiveMessage: v.expiresInactiveMessage,
    promptId: idOrNull(v.promptId),
    integrationId: idOrNull(v.integrationId),
    flowIdWelcome: idOrNull(v.flowIdWelcome),
    flowIdNotPhrase: idOrNull(v.flowIdNotPhrase),
    schedules: v.schedules,
    cloudPhoneNumberId: v.cloudPhoneNumberId,
    cloudAccessToken: v.cloudAccessToken,
    cloudAppSecret: v.cloudAppSecret,
    cloudVerifyToken: v.cloudVerifyToken,
  };
}

/** A random webhook verify token (48 url-safe characters); the external API token comes from the server instead. */
export function generateToken(bytes = 36): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...data))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The welcome and default flow selects show for a flowbuilder integration only (issue 18 item 5). */
export function usesFlowbuilder(integrationId: string, integrations: { id: number; type?: string }[] | null): boolean {
  return (
    integrationId !== "" && !!integrations?.some((i) => String(i.id) === integrationId && i.type === "flowbuilder")
  );
}
