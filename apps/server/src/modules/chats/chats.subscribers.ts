/**
 * Internal chat realtime (business-areas §4, core-platform §7.9), driven by the
 * domain events after their commit and sent to the members' own sockets only
 * (their user rooms), never to the whole company. Members are read when the
 * event is sent, so an edit's new members hear what follows and those it
 * removed do not.
 *
 * - company-{companyId}-chat-user-{userId}: create/update with the `record`, to
 *   that user: their chat list (and the menu badge, the popover).
 * - company-{companyId}-chat-{chatId}: new-message with `newMessage` and `chat`,
 *   update with `chat`: the open conversation.
 * - company-{companyId}-chat: new-message and update as above (the other
 *   reading of the spec's badge and popover), and delete with the `id`, also
 *   to members an edit removed.
 */
import { rooms, type ChatDto, type ChatMessageDto } from "@balcao/contracts";
import type { Context } from "../../context.js";
import type { DomainEvents } from "../../events/events.js";
import { presentChatMessage, presentOneChat } from "./chats.presenter.js";
import { findChat, findMessage } from "./chats.queries.js";

type ChatFacts = DomainEvents["chat.created"];

const audience = (companyId: number, userIds: number[]) => ({ companyId, rooms: userIds.map(rooms.user) });
const membersOf = (chat: ChatDto) => chat.users.map((u) => u.userId);

/** The chat as it is now; one deleted meanwhile has nothing left to show. */
async function loadChat(ctx: Context, { companyId, chatId }: ChatFacts): Promise<ChatDto | undefined> {
  const row = await findChat(ctx.db, companyId, chatId);
  return row ? presentOneChat(ctx.db, row) : undefined;
}

function toLists(ctx: Context, chat: ChatDto, action: "create" | "update", userIds = membersOf(chat)) {
  for (const userId of userIds)
    ctx.realtime.emitKeyed("chatUser", userId, { companyId: chat.companyId, userId }, { action, record: chat });
}

function toMembers(ctx: Context, chat: ChatDto, newMessage?: ChatMessageDto) {
  const target = audience(chat.companyId, membersOf(chat));
  const payload = newMessage
    ? { action: "new-message" as const, chat, newMessage }
    : { action: "update" as const, chat };
  ctx.realtime.emitKeyed("chatMessages", chat.id, target, payload);
  ctx.realtime.emit("chat", target, payload);
}

function deleted(ctx: Context, companyId: number, chatId: number, userIds: number[]) {
  ctx.realtime.emit("chat", audience(companyId, userIds), { action: "delete", id: chatId });
}

async function created(ctx: Context, e: DomainEvents["chat.created"]) {
  const chat = await loadChat(ctx, e);
  if (chat) toLists(ctx, chat, "create");
}

async function updated(ctx: Context, e: DomainEvents["chat.updated"]) {
  deleted(ctx, e.companyId, e.chatId, e.removedUserIds);
  const chat = await loadChat(ctx, e);
  if (!chat) return;
  toLists(ctx, chat, "update");
  toMembers(ctx, chat);
}

async function messageCreated(ctx: Context, e: DomainEvents["chat.messageCreated"]) {
  const [chat, message] = await Promise.all([loadChat(ctx, e), findMessage(ctx.db, e.chatId, e.messageId)]);
  if (!chat || !message) return;
  toMembers(ctx, chat, presentChatMessage(message));
  toLists(ctx, chat, "update");
}

/** Only the reader's count changed: their other tabs and browsers follow. */
async function read(ctx: Context, e: DomainEvents["chat.read"]) {
  const chat = await loadChat(ctx, e);
  if (chat) toLists(ctx, chat, "update", [e.userId]);
}

export function subscribeChatRealtime(ctx: Context): void {
  ctx.events.on("chat.created", (e) => created(ctx, e));
  ctx.events.on("chat.updated", (e) => updated(ctx, e));
  ctx.events.on("chat.deleted", (e) => deleted(ctx, e.companyId, e.chatId, e.userIds));
  ctx.events.on("chat.messageCreated", (e) => messageCreated(ctx, e));
  ctx.events.on("chat.read", (e) => read(ctx, e));
}
