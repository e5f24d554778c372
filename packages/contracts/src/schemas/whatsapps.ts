/**
 * Connections (core-platform §2.17, §3 "Connection", §4.3, §7.4): what the
 * connection modal sends and the connections page reads.
 */
import type { QueueRef } from "../entities.js";
import type { WeekdayHours } from "./queues.js";

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
  schedules: WeekdayHours[];
  queues: QueueRef[];
  /** Cloud API credentials: the ids in full, the secrets masked (last 4 characters) — never returned whole. */
  cloudPhoneNumberId: string;
  cloudAccessToken: string;
  cloudAppSecret: string;
  cloudVerifyToken: string;
  /** Where Meta must call: {host}/webhooks/whatsapp/{id}. */
  webhookUrl: string;
  companyId: number;
  createdAt: string;
}
