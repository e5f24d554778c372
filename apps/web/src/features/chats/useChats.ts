/**
 * The current user's chats (business-areas §7 GET /chats/), shared by the
 * chat page, the top-bar popover and the menu's dot, and kept live by the
 * user's own list channel (company-{companyId}-chat-user-{userId}: create,
 * update) and the delete on company-{companyId}-chat.
 */
import { useEffect, useState } from "react";
import { chatLimits, type ChatDto, type ChatListResponse } from "@balcao/contracts";
import { useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { useAuth } from "../../app/auth";
import { useCompanyEvent, useKeyedEvent } from "../../app/socket";
import { removeFromPages, upsertInPages, usePagedList } from "../lists/usePagedList";

export const chatsKey = "chats";
const field = "records";

function cachedChat(client: QueryClient, id: number): ChatDto | undefined {
  for (const [, data] of client.getQueriesData<InfiniteData<ChatListResponse>>({ queryKey: [chatsKey] })) {
    const found = data?.pages?.flatMap((p) => p.records).find((c) => c.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * A chat as it is now: in place when only its counts changed, on top when it
 * has news (the list's order); a copy older than the one shown is stale.
 */
export function putChat(client: QueryClient, chat: ChatDto) {
  const shown = cachedChat(client, chat.id);
  if (shown && shown.updatedAt > chat.updatedAt) return;
  if (shown && shown.updatedAt !== chat.updatedAt) removeFromPages(client, chatsKey, field, chat.id);
  upsertInPages(client, chatsKey, field, chat);
}

export function dropChat(client: QueryClient, id: number) {
  removeFromPages(client, chatsKey, field, id);
}

/** True once `ms` have passed since the first render. */
function useAfter(ms: number): boolean {
  const [passed, setPassed] = useState(ms === 0);
  useEffect(() => {
    if (ms === 0) return;
    const timer = setTimeout(() => setPassed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return passed;
}

/** `deferred`: the badge's and popover's read, §7's 500 ms after they appear. */
export function useChatList({ deferred = false }: { deferred?: boolean } = {}) {
  const client = useQueryClient();
  const { user } = useAuth();
  const ready = useAfter(deferred ? chatLimits.listDebounceMs : 0);
  const list = usePagedList<typeof field, ChatDto>({ key: chatsKey, path: "/chats/", field, enabled: ready });
  useKeyedEvent("chatUser", user?.id, (e) => putChat(client, e.record));
  useCompanyEvent("chat", (e) => {
    if (e.action === "delete" && e.id !== undefined) dropChat(client, e.id);
  });
  return list;
}
