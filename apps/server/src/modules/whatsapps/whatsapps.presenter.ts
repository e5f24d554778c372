/**
 * The connection as the spec's client reads it (core-platform §3 "Connection").
 * Cloud API secrets never leave the server whole; the external API token is
 * shown whole only to those who edit connections (the modal edits it).
 */
import {
  maskSecret,
  type ConnectionProvider,
  type ConnectionStatus,
  type QueueRef,
  type WhatsappDto,
} from "@balcao/contracts";
import { decryptSecret } from "../../secrets/index.js";
import type { WhatsappRow } from "./whatsapps.queries.js";

/** Who the connection is shown to: `fullToken` for the connection editors. */
export interface WhatsappViewer {
  fullToken: boolean;
  /** PUBLIC_URL, or "" when unset (the page then shows a path to prefix with the host). */
  publicUrl: string;
}

/** Where Meta must call for a cloud connection (the cloud driver's webhook route). */
export function webhookUrlOf(publicUrl: string, id: number): string {
  return `${publicUrl.replace(/\/+$/, "")}/api/webhooks/whatsapp/${id}`;
}

export function presentWhatsapp(row: WhatsappRow, queues: QueueRef[], viewer: WhatsappViewer): WhatsappDto {
  return {
    id: row.id,
    name: row.name,
    status: row.status as ConnectionStatus,
    qrcode: row.qrcode,
    retries: row.retries,
    number: row.number,
    isDefault: row.isDefault,
    greetingMessage: row.greetingMessage,
    complationMessage: row.complationMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    ratingMessage: row.ratingMessage,
    token: viewer.fullToken ? decryptSecret(row.token) : maskSecret(decryptSecret(row.token)),
    provider: row.provider as ConnectionProvider,
    sendIdQueue: row.sendIdQueue,
    timeSendQueue: row.timeSendQueue,
    timeUseBotQueues: row.timeUseBotQueues,
    maxUseBotQueues: row.maxUseBotQueues,
    transferQueueId: row.transferQueueId,
    timeToTransfer: row.timeToTransfer,
    expiresTicket: row.expiresTicket,
    expiresInactiveMessage: row.expiresInactiveMessage,
    promptId: row.promptId,
    integrationId: row.integrationId,
    integration: null,
    flowIdWelcome: row.flowIdWelcome,
    flowIdNotPhrase: row.flowIdNotPhrase,
    schedules: row.schedules,
    queues,
    cloudPhoneNumberId: row.cloudPhoneNumberId,
    cloudAccessToken: maskSecret(decryptSecret(row.cloudAccessToken)),
    cloudAppSecret: maskSecret(decryptSecret(row.cloudAppSecret)),
    cloudVerifyToken: maskSecret(decryptSecret(row.cloudVerifyToken)),
    webhookUrl: webhookUrlOf(viewer.publicUrl, row.id),
    companyId: row.companyId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
