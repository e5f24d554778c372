/** Messages (core-platform §3 "Message", §2.10, §2.11, §4.2, §7.5). */
import { z } from "zod";
import { idSchema, pageNumberSchema } from "./ids.js";
import type { ConnectionProvider } from "./whatsapps.js";

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
  /** A Cloud API order or a WhatsApp Web shared catalog product: details.order. */
  "order",
  /** A poll (details.poll: question, options, votes); its body is the question. */
  "poll",
  /** A WhatsApp event (details.event); its body is the event's name. */
  "event",
  /** What happened rather than what was said (a number change, an edit that could not be read): details.notice. */
  "notice",
] as const;
export type MediaType = (typeof mediaTypes)[number];

/** One line of an order or a shared product. */
export interface OrderItem {
  productId: string;
  /** The product's name when WhatsApp gives it (a shared product does; an order does not). */
  title: string;
  quantity: number;
  /** Unit price, in `currency`. */
  price: number;
  currency: string;
}

/**
 * What a message carries beyond its text (issue 19 item 3), each part shown
 * by the web on the bubble. The body keeps a plain-text summary for the
 * ticket list, search and clients that do not know the part.
 */
export interface MessageDetails {
  /** WhatsApp marked it forwarded, or forwarded many times. */
  forwarded?: "forwarded" | "frequently";
  /** It came from a click-to-WhatsApp ad. */
  referral?: { headline: string; body: string; sourceUrl: string; sourceType: string };
  /**
   * An unsupported kind's or a notice's reason, as WhatsApp gave it (Cloud API error title/details). Cloud API
   * kinds: an unsupported kind as WhatsApp names it ("poll_creation", "edit", "unknown"); "numberChange" (the
   * contact moved from `from` to `to`), "numberChangeKept" (another contact had `to`: both kept), or a `system` type.
   * WhatsApp Web's notices about an earlier message (quoted): kind "editUnreadable" (reason: why the
   * edit could not be read) and "eventResponse" (reason: GOING, NOT_GOING, MAYBE, or "" unreadable).
   */
  notice?: { kind: string; reason: string; from?: string; to?: string };
  order?: { catalogId: string; items: OrderItem[]; total: { amount: number; currency: string } | null; note: string };
  poll?: {
    question: string;
    options: string[];
    /** How many options a voter may choose (0: any number). */
    selectableCount: number;
    /** Each voter's latest choice. */
    votes: { voter: string; options: string[]; at: string }[];
  };
  event?: {
    name: string;
    description: string;
    startAt: string | null;
    endAt: string | null;
    location: string;
    joinLink: string;
    canceled: boolean;
  };
  groupInvite?: { groupName: string; caption: string; link: string };
  /** A video note: shown as a round video. */
  videoNote?: boolean;
  /** The texts an edit replaced, oldest first. */
  edits?: { body: string; editedAt: string }[];
  /**
   * Hidden for the team only (DELETE /messages/{id}?scope=team, issue 30 item 2): isDeleted for the agents,
   * while the customer still has it (the Cloud API cannot delete a sent message).
   */
  hiddenForTeam?: boolean;
}

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
  /** The structured parts of the message (order, poll, event, ad, forwarded …), or null. */
  details: MessageDetails | null;
  quotedMsg: QuotedMessageDto | null;
  /** A voice note's text, once transcribed (issue 17 item 4: by the AI prompt, or an agent's "Transcrever"). */
  transcription: string | null;
  contact: { id: number; name: string; number: string; profilePicUrl: string } | null;
  /** The message's ticket; its connection's provider tells whether WhatsApp can delete the message for everyone. */
  ticket: { id: number; uuid: string; whatsapp: { name: string; provider: ConnectionProvider } | null };
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

/**
 * DELETE /messages/{id} (core-platform §7.5): without a scope, or "everyone", the message is deleted on
 * WhatsApp too (or ERR_DELETE_WAPP_MSG and nothing changes, as the spec's clients expect); "team" hides it
 * for the agents only and leaves the customer's copy, which is all a Cloud API connection can do.
 */
export const messageDeleteScopes = ["everyone", "team"] as const;
export type MessageDeleteScope = (typeof messageDeleteScopes)[number];
export const messageDeleteQuerySchema = z.object({ scope: z.enum(messageDeleteScopes).default("everyone") });

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
