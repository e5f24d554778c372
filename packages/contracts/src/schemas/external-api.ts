/**
 * The external messages API (business-areas §2.18, §7; SERVER-BEHAVIOUR
 * "External messages API"): POST {host}/api/messages/send with a connection's
 * token as bearer, JSON {number, body} or multipart number, body and medias.
 */
import { z } from "zod";
import { contactNumberSchema } from "./contacts.js";
import { messageSendSchema } from "./messages.js";

/** The number in any writing ("+55 (11) 98765-4321"): kept as its digits. */
export const externalNumberSchema = contactNumberSchema;

export const externalMessageSchema = z.object({
  number: externalNumberSchema,
  body: messageSendSchema.shape.body,
});
export type ExternalMessage = z.infer<typeof externalMessageSchema>;

/** The answer of a send: the stored message and the ticket it went on. */
export interface ExternalSendResult {
  status: "SUCCESS";
  messageId: number;
  ticketId: number;
}

/** Sends per minute a token may make. */
export const externalApiRateLimit = 60;

/** Wrong tokens per minute a client address may present before it is refused (429) for the rest of the minute. */
export const externalApiWrongTokenLimit = 10;
