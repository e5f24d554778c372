/**
 * The connection as the spec's client reads it (core-platform §3 "Connection").
 * The Cloud API access token and app secret never leave the server whole. What
 * an admin must paste somewhere is shown whole to those who edit connections
 * (the modal shows it with a copy button), masked to everyone else: the external
 * API token (pasted into n8n and the like) and the Cloud verify token (pasted
 * into Meta's webhook settings beside the webhook URL; issue 30 item 4). The
 * verify token only answers Meta's subscription handshake: it neither signs
 * webhooks (the app secret does) nor reaches the Graph API, and an editor may
 * replace it anyway.
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

/** Who the connection is shown to: `editor` for those who may edit connections. */
export interface WhatsappViewer {
  editor: boolean;
  /** PUBLIC_URL, or "" when unset (the page then shows a path to prefix with the host). */
  publicUrl: string;
}

/** Where Meta must call for a cloud connection (the cloud driver's webhook route). */
export function webhookUrlOf(publicUrl: string, id: number): string {
  return `${publicUrl.replace(/\/+$/, "")}/api/webhooks/whatsapp/${id}`;
}

/** A value the admin pastes elsewhere: whole for editors, masked for the others. */
function forViewer(stored: string, viewer: WhatsappViewer): string {
  const plain = decryptSecret(stored);
  return viewer.editor ? plain : maskSecret(plain);
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
    token: forViewer(row.token, viewer),
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
    cloudVerifyToken: forViewer(row.cloudVerifyToken, viewer),
    webhookUrl: webhookUrlOf(viewer.publicUrl, row.id),
    companyId: row.companyId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
