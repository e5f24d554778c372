/** Messages (core-platform §3 "Message", §2.10, §2.11, §4.2, §7.5). */

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
