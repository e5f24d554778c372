/**
 * A customer's message told to an n8n or webhook integration (issue 17 item
 * 6). Called in the transaction of the integration's turn for that message
 * (automation's integrationTurn): the body is built and stored once, exactly
 * as it will be POSTed on every attempt, with its durable job, so the
 * delivery exists if and only if the turn committed.
 */
import { randomUUID } from "node:crypto";
import type { MessageReceivedDelivery } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { EventTransaction } from "../../events/bus.js";
import { contacts, integrationDeliveries, messages, tickets, whatsapps } from "../../db/schema/index.js";
import { deliverWebhook } from "./deliver-webhook.job.js";
import { mediaLinkOf } from "./media-link.js";

export interface MessageDeliveryInput {
  companyId: number;
  integrationId: number;
  ticketId: number;
  messageId: number;
}

async function bodyOf(
  t: EventTransaction,
  deliveryId: string,
  { companyId, ticketId, messageId }: MessageDeliveryInput,
): Promise<MessageReceivedDelivery | undefined> {
  const [row] = await t.db
    .select({
      ticket: { id: tickets.id, uuid: tickets.uuid, status: tickets.status, queueId: tickets.queueId },
      connection: { id: whatsapps.id, name: whatsapps.name },
      contact: { id: contacts.id, name: contacts.name, number: contacts.number },
      message: {
        id: messages.id,
        body: messages.body,
        mediaType: messages.mediaType,
        mediaPath: messages.mediaPath,
        fromMe: messages.fromMe,
        createdAt: messages.createdAt,
      },
    })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .innerJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .where(and(eq(messages.id, messageId), eq(messages.companyId, companyId), eq(messages.ticketId, ticketId)));
  if (!row) return undefined;
  const { mediaPath, createdAt, ...message } = row.message;
  return {
    event: "message.received",
    deliveryId,
    company: { id: companyId },
    connection: row.connection,
    ticket: row.ticket,
    contact: row.contact,
    message: { ...message, mediaUrl: mediaPath ? mediaLinkOf(deliveryId) : null, createdAt: createdAt.toISOString() },
  };
}

/** Stores the delivery and queues its first attempt; a message gone meanwhile (deleted ticket) is not told. */
export async function queueMessageDelivery(t: EventTransaction, input: MessageDeliveryInput): Promise<void> {
  const deliveryId = randomUUID();
  const body = await bodyOf(t, deliveryId, input);
  if (!body) return;
  const now = new Date();
  await t.db.insert(integrationDeliveries).values({
    id: deliveryId,
    companyId: input.companyId,
    integrationId: input.integrationId,
    ticketId: input.ticketId,
    messageId: input.messageId,
    event: body.event,
    body: JSON.stringify(body),
    createdAt: now,
    nextAttemptAt: now,
  });
  await t.enqueue(deliverWebhook, { companyId: input.companyId, deliveryId, retry: 0 }, { singletonKey: deliveryId });
}
