/** Messages (core-platform §3 "Message", §2.10, §2.11, §4.2, §7.5). */
import { z } from "zod";
import { idSchema, pageNumberSchema } from "./ids.js";

export const mediaTypes = [
  "chat",
  "image",
  "audio",
  "video",
  "application",
  "document",
  "locationMessage",
  "vcard",
  "contactMessage",
  "call_log",
  "reactionMessage",
  /** A kind the server cannot show (its body names it): the agent opens the phone. */
  "unsupported",
] as const;
export type MediaType = (typeof mediaTypes)[number];

/** 1 pending, 2 sent, 3 delivered, 4 read, 5 played; acks only rise. */
export type Ack = 1 | 2 | 3 | 4 | 5;

/** Messages per page; older pages load on scroll up. */
export const messagePageSize = 20;

export interface QuotedMessageDto {
  id: number;
  fromMe: boolean;
  body: string;
  mediaType: MediaType;
  mediaUrl: string | null;
  contact: { name: string } | null;
}

export interface MessageDto {
  id: number;
  /** The provider's id (WhatsApp's), once known. */
  wid: string | null;
  ticketId: number;
  contactId: number | null;
  userId: number | null;
  fromMe: boolean;
  body: string;
  read: boolean;
  ack: Ack;
  mediaType: MediaType;
  /** Absolute-from-host path ({host}/public/...) of the stored file, or null. */
  mediaUrl: string | null;
  mediaName: string | null;
  isDeleted: boolean;
  isEdited: boolean;
  /** Set when the provider refused an outbound send; the agent may retry. */
  sendError: string | null;
  quotedMsg: QuotedMessageDto | null;
  contact: { id: number; name: string; number: string; profilePicUrl: string } | null;
  ticket: { id: number; uuid: string; whatsapp: { name: string } | null };
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

export interface MessageListResponse {
  messages: MessageDto[];
  hasMore: boolean;
  count: number;
  /** The ticket the page belongs to (the client reads it after a reload). */
  ticket: { id: number; uuid: string; status: string };
}

export const messageListQuerySchema = z.object({
  pageNumber: pageNumberSchema,
});

/** Longest text an agent may send (WhatsApp refuses longer ones). */
export const messageBodyMax = 4096;

/** The quoted message as the client sends it: the message object it read, or just its id. */
export const quotedMsgSchema = z
  .union([idSchema, z.object({ id: idSchema }).loose()])
  .transform((q) => (typeof q === "number" ? q : q.id));

/**
 * POST /messages/{ticketId} as JSON (core-platform §7.5). Empty or
 * whitespace-only text is refused (§5 "Sending messages"); read, fromMe and
 * mediaUrl are sent by the client and ignored: an agent's message is always ours.
 */
export const messageSendSchema = z
  .object({
    body: z
      .string()
      .max(messageBodyMax)
      .refine((b) => b.trim().length > 0, "empty message"),
    quotedMsg: quotedMsgSchema.nullable().optional(),
  })
  .loose();
export type MessageSend = z.infer<typeof messageSendSchema>;
