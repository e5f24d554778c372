/**
 * The board's data (business-areas §2.6, §7): its lanes (GET /tags/kanban)
 * and cards (GET /ticket/kanban), kept live. Cards follow the ticket events
 * of the pending and open lists the board joins (the server sends a ticket's
 * events only to those who may see it), a new customer message's ticket, and
 * the tags: a tag that becomes or stops being a lane reloads the board.
 */
import type { KanbanResponse, TagDto, TicketDto } from "@balcao/contracts";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "../../api/http";
import { useAuth } from "../../app/auth";
import { useCompanyEvent, useSocketRoom } from "../../app/socket";
import { boardFilter, boardQuery, lanesOf, onBoard, withTicket, type BoardFilter } from "./kanbanRules";

export const lanesKey = ["kanban", "lanes"];
export const cardsKey = (filter: BoardFilter) => ["kanban", "cards", filter];

export function editCards(client: QueryClient, filter: BoardFilter, change: (cards: TicketDto[]) => TicketDto[]) {
  client.setQueryData<KanbanResponse>(cardsKey(filter), (data) =>
    data ? { ...data, tickets: change(data.tickets) } : data,
  );
}

function useBoardRealtime(filter: BoardFilter, laneTags: TagDto[]) {
  const client = useQueryClient();
  const { user } = useAuth();
  useSocketRoom("joinTickets", { status: "pending" });
  useSocketRoom("joinTickets", { status: "open" });

  const apply = (ticket: TicketDto) => {
    if (!user) return;
    const stays = onBoard(ticket, filter, user);
    editCards(client, filter, (cards) => withTicket(cards, ticket, stays));
  };
  useCompanyEvent("ticket", (payload) => {
    if (payload.action === "update" && payload.ticket) apply(payload.ticket);
    else if (payload.action === "delete" && payload.ticketId !== undefined) {
      editCards(client, filter, (cards) => cards.filter((c) => c.id !== payload.ticketId));
    }
  });
  useCompanyEvent("appMessage", (payload) => {
    if (payload.action === "create" && payload.ticket) apply(payload.ticket);
  });
  useCompanyEvent("tag", (payload) => {
    const id = payload.tag?.id ?? payload.tagId;
    const wasLane = laneTags.some((tag) => tag.id === id);
    const isLane = payload.action !== "delete" && payload.tag?.kanban === 1;
    if (!wasLane && !isLane) return;
    void client.invalidateQueries({ queryKey: lanesKey });
    // The cards come again too: a deleted lane's tag has left its tickets.
    if (wasLane !== isLane) void client.invalidateQueries({ queryKey: cardsKey(filter) });
  });
}

export function useKanban() {
  const { user } = useAuth();
  const profile = user?.profile ?? "user";
  const queues = user?.queues;
  const filter = useMemo(() => boardFilter({ profile, queues: queues ?? [] }), [profile, queues]);
  const lanesQuery = useQuery({
    queryKey: lanesKey,
    queryFn: async () => (await api.get<{ lista: TagDto[] }>("/tags/kanban")).lista,
  });
  const cardsQuery = useQuery({
    queryKey: cardsKey(filter),
    queryFn: () => api.get<KanbanResponse>("/ticket/kanban", boardQuery(filter)),
  });
  const laneTags = useMemo(() => lanesQuery.data ?? [], [lanesQuery.data]);
  useBoardRealtime(filter, laneTags);
  const lanes = useMemo(() => lanesOf(laneTags, cardsQuery.data?.tickets ?? []), [laneTags, cardsQuery.data]);
  return {
    filter,
    lanes,
    hasMore: cardsQuery.data?.hasMore ?? false,
    loading: lanesQuery.isPending || cardsQuery.isPending,
  };
}
