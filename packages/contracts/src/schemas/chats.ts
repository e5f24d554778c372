/**
 * Internal chat (business-areas §2.15, §3 "Internal chat", "Chat message",
 * §5 "Internal chat", §7 "Internal chat"): conversations between users of one
 * company. Validated alike by the server and the chat modal.
 */
import { z } from "zod";
import { listQuerySchema } from "../schemas.js";
import { idSchema, pageNumberSchema } from "./ids.js";

export const chatLimits = {
  titleMax: 100,
  messageMax: 10_000,
  /** Users one save may name (the owner joins them). */
  usersMax: 200,
  pageSize: 20,
  messagesPageSize: 20,
  /** §9: older messages load when the message area is scrolled closer than this to its top. */
  loadOlderPx: 600,
  /** §7: the menu badge's and popover's list is fetched this long after they appear. */
  listDebounceMs: 500,
} as const;

/** A member as the modal's users picker sends it: the id counts, the name is the picker's label. */
const chatUserRefSchema = z.object({ id: idSchema, name: z.string().optional() }).loose();

/**
 * POST /chats and PUT /chats/{id}: §5, a title and at least one user. The
 * owner is always a member, whether or not the picker lists them.
 */
export const chatSaveSchema = z.object({
  title: z.string().trim().min(1).max(chatLimits.titleMax),
  users: z.array(chatUserRefSchema).min(1).max(chatLimits.usersMax),
});
export type ChatSave = z.infer<typeof chatSaveSchema>;

/** POST /chats/{id}/messages: §5, sent only when its trimmed text is not empty. */
export const chatMessageSchema = z.object({
  message: z.string().trim().min(1).max(chatLimits.messageMax),
});

/** POST /chats/{id}/read: the client sends its userId; the token says who read. */
export const chatReadSchema = z.object({ userId: idSchema.optional() }).loose();

/** GET /chats/: the page params (first page 1); searchParam narrows by title. */
export const chatListQuerySchema = listQuerySchema.loose();

/** GET /chats/{id}/messages. */
export const chatMessagesQuerySchema = z.object({ pageNumber: pageNumberSchema }).loose();

export interface ChatMemberDto {
  userId: number;
  /** Messages of the others this member has not read yet. */
  unreads: number;
  user: { id: number; name: string };
}

export interface ChatDto {
  id: number;
  uuid: string;
  title: string;
  /** Null once the owner's user is deleted: the conversation stays, nobody edits it. */
  ownerId: number | null;
  companyId: number;
  lastMessage: string;
  createdAt: string;
  updatedAt: string;
  users: ChatMemberDto[];
}

export interface ChatMessageDto {
  id: number;
  chatId: number;
  /** Null once the sender's user is deleted. */
  senderId: number | null;
  sender: { id: number; name: string } | null;
  message: string;
  createdAt: string;
}

/** GET /chats/: the caller's chats, the most recently active first. */
export interface ChatListResponse {
  records: ChatDto[];
  hasMore: boolean;
}

/** GET /chats/{id}/messages: page 1 holds the newest messages, each page oldest first. */
export interface ChatMessagesResponse {
  records: ChatMessageDto[];
  hasMore: boolean;
}

/** What the current user has not read in a chat (0 when not a member). */
export function unreadsOf(chat: Pick<ChatDto, "users">, userId: number): number {
  return chat.users.find((u) => u.userId === userId)?.unreads ?? 0;
}
