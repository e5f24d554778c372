/**
 * Connections (core-platform §2.17, §3 "Connection", §4.3, §7.4): what the
 * connection modal sends and the connections page reads.
 */
import { z } from "zod";
import { limits } from "../constants.js";
import type { QueueRef } from "../entities.js";
import { idSchema, intSchema, optionalId } from "./ids.js";
import { queueLimits, weekdayHoursListSchema, type WeekdayHours } from "./queues.js";

export const connectionStatuses = ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING", "CONNECTED"] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

/** beta = WhatsApp Web through Baileys (QR pairing); cloud = the WhatsApp Cloud API. */
export const connectionProviders = ["beta", "cloud"] as const;
export type ConnectionProvider = (typeof connectionProviders)[number];

export interface WhatsappSessionDto {
  id: number;
  status: ConnectionStatus;
  qrcode: string;
  retries: number;
  updatedAt: string;
}

export interface WhatsappDto extends WhatsappSessionDto {
  name: string;
  number: string;
  isDefault: boolean;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  token: string;
  provider: ConnectionProvider;
  sendIdQueue: number | null;
  timeSendQueue: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  transferQueueId: number | null;
  timeToTransfer: number;
  expiresTicket: number;
  expiresInactiveMessage: string;
  promptId: number | null;
  integrationId: number | null;
  integration: null;
  /** Issue 18: with a flowbuilder integration, the flow a contact's first message ever starts, and the default flow. */
  flowIdWelcome: number | null;
  flowIdNotPhrase: number | null;
  schedules: WeekdayHours[];
  queues: QueueRef[];
  /**
   * Cloud API credentials: the ids in full; the access token and app secret masked (last 4 characters),
   * never returned whole; the verify token whole to connection editors (they paste it into Meta), masked to others.
   */
  cloudPhoneNumberId: string;
  cloudAccessToken: string;
  cloudAppSecret: string;
  cloudVerifyToken: string;
  /** Where Meta must call: {host}/webhooks/whatsapp/{id}. */
  webhookUrl: string;
  companyId: number;
  createdAt: string;
}

export const whatsappLimits = {
  /** The external API token: empty (none) or at least this long (SERVER-BEHAVIOUR "External messages API"). */
  tokenMin: 32,
  tokenMax: 200,
  /** Minutes: a year is more than any timer a support team sets. */
  minutesMax: 525_600,
  maxUseBotQueuesMax: 100,
  queueIdsMax: 200,
  cloudIdMax: 100,
  cloudSecretMax: 1000,
} as const;

/** What a secret is shown as: never whole; the last 4 characters only when enough remain hidden. */
export const secretMask = "••••";
export function maskSecret(value: string): string {
  if (!value) return "";
  return value.length >= 12 ? `${secretMask}${value.slice(-4)}` : secretMask;
}

const text = z.string().max(queueLimits.messageMax);

/** A minutes field from a number input: "" or null is 0. */
const minutes = (max: number = whatsappLimits.minutesMax) =>
  z.union([z.null(), z.literal(""), intSchema(0, max)]).transform((v) => v || 0);

/** POST /whatsapp/token: a token the server made for the modal's "generate" button (issue 29 item 8). */
export interface GeneratedToken {
  token: string;
}

/** The external API token: "" for none, otherwise printable, without spaces, 32 to 200 characters. */
export const whatsappTokenSchema = z
  .string()
  .trim()
  .max(whatsappLimits.tokenMax)
  .refine((v) => v === "" || (v.length >= whatsappLimits.tokenMin && /^[\x21-\x7e]+$/.test(v)), {
    message: `empty, or ${whatsappLimits.tokenMin}+ printable characters without spaces`,
  });

/**
 * A Meta id we put in a Graph API path (the phone number id): letters, digits,
 * `_` and `-` only, as Meta's ids are, so a stored one can never be read as a
 * path, a query or another host (issue 29 item 7).
 */
export const cloudIdPattern = /^[A-Za-z0-9_-]*$/;
export const cloudIdSchema = z
  .string()
  .trim()
  .max(whatsappLimits.cloudIdMax)
  .regex(cloudIdPattern, { message: "letters, digits, _ and - only" });

/**
 * POST /whatsapp and PUT /whatsapp/{id}: every connection modal field
 * (core-platform §2.17, §7.4). On update a field left out keeps its value; the
 * Cloud secrets sent back as their masked form keep theirs too. The client
 * also sends queues, session and what it read (status, qrcode, ...): ignored.
 */
export const whatsappSaveSchema = z
  .object({
    name: z.string().trim().min(limits.nameMin).max(limits.nameMax),
    isDefault: z.boolean().optional(),
    greetingMessage: text.optional(),
    complationMessage: text.optional(),
    outOfHoursMessage: text.optional(),
    ratingMessage: text.optional(),
    token: whatsappTokenSchema.optional(),
    provider: z.enum(connectionProviders).optional(),
    queueIds: z.array(idSchema).max(whatsappLimits.queueIdsMax).optional(),
    sendIdQueue: optionalId.optional(),
    timeSendQueue: minutes().optional(),
    timeUseBotQueues: minutes().optional(),
    maxUseBotQueues: minutes(whatsappLimits.maxUseBotQueuesMax).optional(),
    transferQueueId: optionalId.optional(),
    timeToTransfer: minutes().optional(),
    expiresTicket: minutes().optional(),
    expiresInactiveMessage: text.optional(),
    promptId: optionalId.optional(),
    integrationId: optionalId.optional(),
    flowIdWelcome: optionalId.optional(),
    flowIdNotPhrase: optionalId.optional(),
    schedules: weekdayHoursListSchema.optional(),
    cloudPhoneNumberId: cloudIdSchema.optional(),
    cloudAccessToken: z.string().trim().max(whatsappLimits.cloudSecretMax).optional(),
    cloudAppSecret: z.string().trim().max(whatsappLimits.cloudSecretMax).optional(),
    cloudVerifyToken: z.string().trim().max(whatsappLimits.cloudSecretMax).optional(),
  })
  .loose();
export type WhatsappSave = z.infer<typeof whatsappSaveSchema>;

/** The fields a cloud connection cannot work without (the Graph API calls and the webhook checks). */
export const cloudCredentialFields = [
  "cloudPhoneNumberId",
  "cloudAccessToken",
  "cloudAppSecret",
  "cloudVerifyToken",
] as const;
/** Of those, the ones stored encrypted and kept when sent back masked. */
export const cloudSecretFields = ["cloudAccessToken", "cloudAppSecret", "cloudVerifyToken"] as const;
