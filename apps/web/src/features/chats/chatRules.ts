/** What the internal chat shows and decides (business-areas §2.15, §4, §5, §9), free of React. */
import { unreadsOf, type ChatDto, type ChatMessageDto } from "@balcao/contracts";
import { companyDateTime, companyTime, sameCompanyDay } from "../../app/company-clock";

/** §9: the popover's and the list's dates, DD/MM/YYYY HH:mm. */
export function chatDate(iso: string): string {
  return companyDateTime(iso);
}

/** §2.15: a list item's second line, '<updatedAt>: <lastMessage>' (just the date before the first message). */
export function chatLine(chat: Pick<ChatDto, "updatedAt" | "lastMessage">): string {
  const date = chatDate(chat.updatedAt);
  return chat.lastMessage ? `${date}: ${chat.lastMessage}` : date;
}

/** A bubble's time: HH:mm today, with the date before (the company's today and clock). */
export function messageTime(iso: string, now: Date = new Date()): string {
  return sameCompanyDay(iso, now) ? companyTime(iso) : chatDate(iso);
}

/** The menu's and popover's dot (§2.3, §2.14): any chat with something the user has not read. */
export function hasUnreadChats(chats: ChatDto[], userId: number | undefined): boolean {
  return userId !== undefined && chats.some((chat) => unreadsOf(chat, userId) > 0);
}

/** §5: only a text with something besides blanks is sent. */
export function isSendable(text: string): boolean {
  return text.trim() !== "";
}

/** §2.15 "Enter sends": Enter alone sends, Shift+Enter breaks the line, and Enter ending an IME composition does neither. */
export function sendsOnKey(e: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return e.key === "Enter" && !e.shiftKey && !e.isComposing;
}

/**
 * The conversation from its pages (page 1 the newest, each oldest first) and
 * the messages that came live: each message once, oldest first.
 */
export function conversationOf(pages: ChatMessageDto[][]): ChatMessageDto[] {
  const byId = new Map<number, ChatMessageDto>();
  for (const page of pages) for (const message of page) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Whether a chat's owner is the current user: only they see edit and delete (§6). */
export function isOwner(chat: Pick<ChatDto, "ownerId">, userId: number | undefined): boolean {
  return userId !== undefined && chat.ownerId === userId;
}
