/**
 * Webhook deliveries of n8n and webhook queue integrations (issue 17 item 6):
 * every customer message on a ticket such an integration holds is POSTed to
 * its urlN8N, signed, and retried; the delivery log reads them back.
 *
 * GET /queueIntegration/{id}/deliveries → IntegrationDeliveriesAnswer (the last 100, newest first)
 * POST /queueIntegration/{id}/deliveries/{deliveryId}/resend → IntegrationDeliveryDto (pending again)
 */
import { z } from "zod";
import { idSchema } from "./ids.js";

export const integrationDeliveryStatuses = ["pending", "delivered", "failed"] as const;
export type IntegrationDeliveryStatus = (typeof integrationDeliveryStatuses)[number];

/** The events a delivery carries (X-Balcao-Event and the body's `event`). */
export const integrationDeliveryEvents = ["message.received"] as const;
export type IntegrationDeliveryEvent = (typeof integrationDeliveryEvents)[number];

/** How many deliveries the log answers. */
export const integrationDeliveryLogMax = 100;

export interface IntegrationDeliveryDto {
  /** The deliveryId: a uuid, the X-Balcao-Delivery header of every attempt. */
  id: string;
  event: IntegrationDeliveryEvent;
  status: IntegrationDeliveryStatus;
  /** Attempts made so far (a resend keeps counting). */
  attempts: number;
  /** The last attempt's HTTP status; null when it got no answer (timeout, refused, network error) or none ran yet. */
  lastStatusCode: number | null;
  /** Why the last attempt failed (e.g. "HTTP 500", "timeout"); null after a success or before any attempt. */
  lastError: string | null;
  /** ISO times. */
  createdAt: string;
  deliveredAt: string | null;
}

export interface IntegrationDeliveriesAnswer {
  deliveries: IntegrationDeliveryDto[];
}

export const integrationDeliveryParamsSchema = z.object({
  id: idSchema,
  deliveryId: z.uuid(),
});

/**
 * The JSON body POSTed to urlN8N (signed: X-Balcao-Signature = "sha256=" + hex HMAC-SHA256 of
 * "{X-Balcao-Timestamp}.{raw body}", keyed by the integration's signingSecret). The receiver must verify the
 * raw bytes, not a re-serialisation, and refuse an old timestamp.
 */
export interface MessageReceivedDelivery {
  event: "message.received";
  deliveryId: string;
  company: { id: number };
  connection: { id: number; name: string };
  ticket: { id: number; uuid: string; status: string; queueId: number | null };
  contact: { id: number; name: string; number: string };
  message: {
    id: number;
    body: string;
    mediaType: string;
    /** An absolute URL the workflow can GET without signing in (signed, valid for 7 days), or null. */
    mediaUrl: string | null;
    fromMe: boolean;
    /** ISO time. */
    createdAt: string;
  };
}
