/**
 * A chat's messages and unread counts (business-areas §2.15, §4 "Internal
 * chat", §7): the only writer of chat_messages. A member's message becomes
 * the chat's lastMessage and counts as unread for every other member; reading
 * the chat zeroes the reader's count.
 */
import { chatLimits, type ChatDto, type ChatMessageDto, type ChatMessagesResponse } from "@balcao/contracts";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Context } from "../../context.js";
import { chatMessages, chats, chatUsers } from "../../db/schema/index.js";
import type { AccessClaims } from "../auth/tokens.js";
import { loadMemberChat, lockMemberChat } from "./chat-access.js";
import { presentChatMessage, presentOneChat } from "./chats.presenter.js";
import { findMessage, pageOfMessages } from "./chats.queries.js";

/** Page 1 is the newest messages; each page reads oldest first, as the conversation shows them. */
export async function listChatMessages(
  ctx: Context,
  who: AccessClaims,
  chatId: number,
  pageNumber: number,
): Promise<ChatMessagesResponse> {
  await loadMemberChat(ctx.db, who, chatId);
  const rows = await pageOfMessages(ctx.db, chatId, pageNumber);
  const page = rows.slice(0, chatLimits.messagesPageSize).reverse();
  return { records: page.map(presentChatMessage), hasMore: rows.length > chatLimits.messagesPageSize };
}

export async function postChatMessage(
  ctx: Context,
  who: AccessClaims,
  chatId: number,
  message: string,
): Promise<ChatMessageDto> {
  const messageId = await ctx.events.transaction(async (t) => {
    // Locked: messages of one chat are stored one after another, so lastMessage is the newest.
    await lockMemberChat(t.db, who, chatId);
    const [row] = await t.db
      .insert(chatMessages)
      .values({ chatId, senderId: who.id, message })
      .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
    await t.db.update(chats).set({ lastMessage: message, updatedAt: row!.createdAt }).where(eq(chats.id, chatId));
    await t.db
      .update(chatUsers)
      .set({ unreads: sql`${chatUsers.unreads} + 1` })
      .where(and(eq(chatUsers.chatId, chatId), ne(chatUsers.userId, who.id)));
    t.record("chat.messageCreated", { companyId: who.companyId, chatId, messageId: row!.id });
    return row!.id;
  });
  return presentChatMessage((await findMessage(ctx.db, chatId, messageId))!);
}

/** POST /chats/{id}/read: the caller's count, whoever the body names. */
export async function markChatRead(ctx: Context, who: AccessClaims, chatId: number): Promise<ChatDto> {
  const chat = await loadMemberChat(ctx.db, who, chatId);
  await ctx.db
    .update(chatUsers)
    .set({ unreads: 0 })
    .where(and(eq(chatUsers.chatId, chatId), eq(chatUsers.userId, who.id)));
  await ctx.events.published("chat.read", { companyId: who.companyId, chatId, userId: who.id });
  return presentOneChat(ctx.db, chat);
}
