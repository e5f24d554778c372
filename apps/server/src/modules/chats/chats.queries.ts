/**
 * Internal chat reads, every one scoped by the company. A user reaches only
 * the chats they are a member of; the realtime subscribers read a chat by its
 * id to tell its members.
 */
import { chatLimits } from "@balcao/contracts";
import { and, asc, desc, eq, ilike, inArray, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { chatMessages, chats, chatUsers, users } from "../../db/schema/index.js";
import { containsPattern } from "../../db/search.js";

export type ChatRow = typeof chats.$inferSelect;
type Source = Db | Tx;

export function findChat(db: Source, companyId: number, id: number) {
  return db.query.chats.findFirst({ where: and(eq(chats.id, id), eq(chats.companyId, companyId)) });
}

export function findChatByUuid(db: Db, companyId: number, uuid: string) {
  return db.query.chats.findFirst({ where: and(eq(chats.uuid, uuid), eq(chats.companyId, companyId)) });
}

export async function isMember(db: Source, chatId: number, userId: number): Promise<boolean> {
  const row = await db.query.chatUsers.findFirst({
    where: and(eq(chatUsers.chatId, chatId), eq(chatUsers.userId, userId)),
    columns: { userId: true },
  });
  return row !== undefined;
}

export async function memberIds(db: Source, chatId: number): Promise<number[]> {
  const rows = await db.select({ userId: chatUsers.userId }).from(chatUsers).where(eq(chatUsers.chatId, chatId));
  return rows.map((r) => r.userId);
}

/** The members of these chats with their names, by name. */
export function membersOf(db: Source, chatIds: number[]) {
  if (chatIds.length === 0) return Promise.resolve([]);
  return db
    .select({ chatId: chatUsers.chatId, userId: chatUsers.userId, unreads: chatUsers.unreads, name: users.name })
    .from(chatUsers)
    .innerJoin(users, eq(users.id, chatUsers.userId))
    .where(inArray(chatUsers.chatId, chatIds))
    .orderBy(asc(users.name), asc(users.id));
}
export type MemberRow = Awaited<ReturnType<typeof membersOf>>[number];

/** Of these user ids, those that are users of the company. */
export async function companyUserIds(db: Source, companyId: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
  return rows.map((r) => r.id);
}

/** One page of a user's chats, the most recently active first; one row more tells whether more follow. */
export function pageOfChats(db: Db, companyId: number, userId: number, searchParam: string, pageNumber: number) {
  const own: SQL = and(eq(chats.companyId, companyId), eq(chatUsers.userId, userId))!;
  return db
    .select({ chat: chats })
    .from(chats)
    .innerJoin(chatUsers, eq(chatUsers.chatId, chats.id))
    .where(searchParam ? and(own, ilike(chats.title, containsPattern(searchParam))) : own)
    .orderBy(desc(chats.updatedAt), desc(chats.id))
    .limit(chatLimits.pageSize + 1)
    .offset((pageNumber - 1) * chatLimits.pageSize);
}

const messageColumns = {
  id: chatMessages.id,
  chatId: chatMessages.chatId,
  senderId: chatMessages.senderId,
  senderName: users.name,
  message: chatMessages.message,
  createdAt: chatMessages.createdAt,
};

function messagesWith(db: Source, where: SQL | undefined) {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(where)
    .orderBy(desc(chatMessages.id));
}
export type ChatMessageRow = Awaited<ReturnType<typeof messagesWith>>[number];

/** One page of a chat's messages, the newest first; one row more tells whether older ones follow. */
export function pageOfMessages(db: Db, chatId: number, pageNumber: number) {
  return messagesWith(db, eq(chatMessages.chatId, chatId))
    .limit(chatLimits.messagesPageSize + 1)
    .offset((pageNumber - 1) * chatLimits.messagesPageSize);
}

export async function findMessage(db: Source, chatId: number, id: number): Promise<ChatMessageRow | undefined> {
  const [row] = await messagesWith(db, and(eq(chatMessages.chatId, chatId), eq(chatMessages.id, id)));
  return row;
}
