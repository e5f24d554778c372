/**
 * Internal chats (business-areas §2.15, §3, §6, §7): the only writer of the
 * chats and chat_users tables. The owner is always a member; the users named
 * must be users of the owner's company (ERR_NO_USER_FOUND otherwise, nothing
 * stored). Changes are recorded as chat.* events (chats.subscribers.ts tells
 * the members).
 */
import { chatLimits, type ChatDto, type ChatListResponse, type ChatSave } from "@balcao/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { Tx } from "../../db/client.js";
import { chats, chatUsers } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { AccessClaims } from "../auth/tokens.js";
import { assertMember, lockOwnedChat } from "./chat-access.js";
import { presentChats, presentOneChat } from "./chats.presenter.js";
import { companyUserIds, findChat, findChatByUuid, memberIds, pageOfChats } from "./chats.queries.js";

export async function listChats(
  ctx: Context,
  who: AccessClaims,
  searchParam: string,
  pageNumber: number,
): Promise<ChatListResponse> {
  const rows = await pageOfChats(ctx.db, who.companyId, who.id, searchParam.trim(), pageNumber);
  const page = rows.slice(0, chatLimits.pageSize).map((r) => r.chat);
  return { records: await presentChats(ctx.db, page), hasMore: rows.length > chatLimits.pageSize };
}

/** /chats/{uuid}: the page opens a chat by the uuid in its address (an id works too). */
export async function showChat(ctx: Context, who: AccessClaims, key: string | number): Promise<ChatDto> {
  const chat = await (typeof key === "number"
    ? findChat(ctx.db, who.companyId, key)
    : findChatByUuid(ctx.db, who.companyId, key));
  if (!chat) throw new AppError("ERR_NOT_FOUND");
  return presentOneChat(ctx.db, await assertMember(ctx.db, who, chat));
}

/** The members a save asks for: the owner and the users named, each a user of the company. */
async function membersFor(tx: Tx, who: AccessClaims, input: ChatSave): Promise<number[]> {
  const named = [...new Set(input.users.map((u) => u.id))];
  const found = await companyUserIds(tx, who.companyId, named);
  if (found.length !== named.length) throw new AppError("ERR_NO_USER_FOUND");
  return [...new Set([who.id, ...named])];
}

function addMembers(tx: Tx, chatId: number, userIds: number[]) {
  return tx
    .insert(chatUsers)
    .values(userIds.map((userId) => ({ chatId, userId })))
    .onConflictDoNothing();
}

export async function createChat(ctx: Context, who: AccessClaims, input: ChatSave): Promise<ChatDto> {
  return ctx.events.transaction(async (t) => {
    const members = await membersFor(t.db, who, input);
    const [row] = await t.db
      .insert(chats)
      .values({ companyId: who.companyId, ownerId: who.id, title: input.title })
      .returning();
    await addMembers(t.db, row!.id, members);
    t.record("chat.created", { companyId: who.companyId, chatId: row!.id });
    return presentOneChat(t.db, row!);
  });
}

/** New members start with nothing unread; those left out lose the chat (and are told so). */
export async function updateChat(ctx: Context, who: AccessClaims, id: number, input: ChatSave): Promise<ChatDto> {
  return ctx.events.transaction(async (t) => {
    await lockOwnedChat(t.db, who, id);
    const members = await membersFor(t.db, who, input);
    const removedUserIds = (await memberIds(t.db, id)).filter((userId) => !members.includes(userId));
    if (removedUserIds.length > 0)
      await t.db.delete(chatUsers).where(and(eq(chatUsers.chatId, id), inArray(chatUsers.userId, removedUserIds)));
    await addMembers(t.db, id, members);
    const [row] = await t.db
      .update(chats)
      .set({ title: input.title, updatedAt: new Date() })
      .where(eq(chats.id, id))
      .returning();
    t.record("chat.updated", { companyId: who.companyId, chatId: id, removedUserIds });
    return presentOneChat(t.db, row!);
  });
}

/** Its messages go with it. */
export async function deleteChat(ctx: Context, who: AccessClaims, id: number): Promise<void> {
  await ctx.events.transaction(async (t) => {
    await lockOwnedChat(t.db, who, id);
    const userIds = await memberIds(t.db, id);
    await t.db.delete(chats).where(eq(chats.id, id));
    t.record("chat.deleted", { companyId: who.companyId, chatId: id, userIds });
  });
}
