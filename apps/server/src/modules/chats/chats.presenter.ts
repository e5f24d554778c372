/** The chat and its messages as the spec's client reads them (business-areas §3 "Internal chat", "Chat message"). */
import type { ChatDto, ChatMessageDto } from "@balcao/contracts";
import type { Db, Tx } from "../../db/client.js";
import { membersOf, type ChatMessageRow, type ChatRow, type MemberRow } from "./chats.queries.js";

function presentChat(row: ChatRow, members: MemberRow[]): ChatDto {
  return {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    ownerId: row.ownerId,
    companyId: row.companyId,
    lastMessage: row.lastMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    users: members.map((m) => ({ userId: m.userId, unreads: m.unreads, user: { id: m.userId, name: m.name } })),
  };
}

/** Chats with their members, read in one query for the whole page. */
export async function presentChats(db: Db | Tx, rows: ChatRow[]): Promise<ChatDto[]> {
  const members = await membersOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    presentChat(
      row,
      members.filter((m) => m.chatId === row.id),
    ),
  );
}

export async function presentOneChat(db: Db | Tx, row: ChatRow): Promise<ChatDto> {
  const [chat] = await presentChats(db, [row]);
  return chat!;
}

export function presentChatMessage(row: ChatMessageRow): ChatMessageDto {
  return {
    id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    sender: row.senderId === null ? null : { id: row.senderId, name: row.senderName ?? "" },
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}
