/**
 * A ticket's messages (core-platform §2.10, §4.1 "Realtime, message
 * channel"): pages from GET /messages/{ticketId}, page 1 the newest, shown
 * oldest first; appMessage create adds, update replaces.
 */
import { useMemo } from "react";
import type { MessageDto, MessageListResponse } from "@balcao/contracts";
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { api } from "../../../api/http";
import { useCompanyEvent } from "../../../app/socket";
import { orderMessages } from "./messageRules";

export const messagesKey = "messages";
type Pages = InfiniteData<MessageListResponse, number>;

/** Adds or replaces a message in the ticket's loaded pages (a new one joins the newest page). */
export function putMessage(client: QueryClient, message: MessageDto) {
  client.setQueryData<Pages>([messagesKey, message.ticketId], (data) => {
    if (!data) return data;
    const known = data.pages.some((p) => p.messages.some((m) => m.id === message.id));
    if (known) {
      const pages = data.pages.map((p) => ({
        ...p,
        messages: p.messages.map((m) => (m.id === message.id ? message : m)),
      }));
      return { ...data, pages };
    }
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, messages: [message, ...first.messages] }, ...rest] };
  });
}

export function useMessages(ticketId: number) {
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: [messagesKey, ticketId],
    queryFn: ({ pageParam }) => api.get<MessageListResponse>(`/messages/${ticketId}`, { pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last: MessageListResponse, pages) => (last.hasMore ? pages.length + 1 : undefined),
    // A reopened ticket reloads its history instead of showing a stale copy.
    gcTime: 0,
  });
  const pages = query.data?.pages;
  const messages = useMemo(() => orderMessages((pages ?? []).flatMap((p) => p.messages)), [pages]);

  useCompanyEvent("appMessage", (payload) => {
    if (payload.message.ticketId !== ticketId) return;
    putMessage(client, payload.message);
  });

  return { messages, query };
}
