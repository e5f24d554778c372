/**
 * One chat's conversation (business-areas §2.15, §4 "Internal chat", §7):
 * pages from GET /chats/{id}/messages (page 1 the newest), new messages from
 * company-{companyId}-chat-{chatId}, sending, and marking the chat read while
 * it is open and has something unread for the user.
 */
import { useEffect, useMemo } from "react";
import { unreadsOf, type ChatDto, type ChatMessageDto, type ChatMessagesResponse } from "@balcao/contracts";
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useKeyedEvent } from "../../app/socket";
import { conversationOf } from "./chatRules";
import { putChat } from "./useChats";

const messagesKey = "chat-messages";
type Pages = InfiniteData<ChatMessagesResponse, number>;

/** A message joins the newest page, once (the send's answer and its realtime event both bring it). */
function putMessage(client: QueryClient, message: ChatMessageDto) {
  client.setQueryData<Pages>([messagesKey, message.chatId], (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first || data.pages.some((p) => p.records.some((m) => m.id === message.id))) return data;
    return { ...data, pages: [{ ...first, records: [...first.records, message] }, ...rest] };
  });
}

export function useChatMessages(chatId: number) {
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: [messagesKey, chatId],
    queryFn: ({ pageParam }) => api.get<ChatMessagesResponse>(`/chats/${chatId}/messages`, { pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last: ChatMessagesResponse, pages) => (last.hasMore ? pages.length + 1 : undefined),
    // A chat opened again reads its conversation anew.
    gcTime: 0,
  });
  const pages = query.data?.pages;
  const messages = useMemo(() => conversationOf((pages ?? []).map((p) => p.records)), [pages]);
  useKeyedEvent("chatMessages", chatId, (e) => {
    if (e.newMessage) putMessage(client, e.newMessage);
  });
  return { messages, query };
}

export function useSendChatMessage(chatId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api.post<ChatMessageDto>(`/chats/${chatId}/messages`, { message }),
    onSuccess: (message) => putMessage(client, message),
    onError: toastError,
  });
}

/** §4: an open chat with unreads for the user is marked read (failures are ignored, §8). */
export function useMarkRead(chat: ChatDto, userId: number) {
  const client = useQueryClient();
  const unread = unreadsOf(chat, userId) > 0;
  const { mutate } = useMutation({
    mutationFn: (id: number) => api.post<ChatDto>(`/chats/${id}/read`, { userId }),
    onSuccess: (read) => putChat(client, read),
  });
  useEffect(() => {
    if (unread) mutate(chat.id);
  }, [chat.id, unread, mutate]);
}
