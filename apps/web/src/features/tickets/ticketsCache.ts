/**
 * The ticket lists and the open ticket in TanStack Query's cache, and the
 * realtime edits applied to them (core-platform §4.1 "Realtime"): every
 * loaded list gets the update that matches its own filter.
 */
import type { TicketDto, TicketListResponse } from "@balcao/contracts";
import { useInfiniteQuery, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "../../api/http";
import { belongsToList, ticketListQuery, type TicketFilter, type Viewer } from "./ticketRules";

export const ticketsKey = "tickets";
/** The open ticket by uuid: ["ticket", uuid]. */
export const ticketKey = "ticket";

type Pages = InfiniteData<TicketListResponse, number>;

export function useTicketList(filter: TicketFilter, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: [ticketsKey, filter],
    queryFn: ({ pageParam }) => api.get<TicketListResponse>("/tickets", ticketListQuery(filter, pageParam)),
    initialPageParam: 1,
    getNextPageParam: (last: TicketListResponse, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
  });
  const pages = query.data?.pages;
  const tickets = useMemo(() => {
    const seen = new Set<number>();
    return (pages ?? []).flatMap((p) => p.tickets).filter((t) => !seen.has(t.id) && seen.add(t.id));
  }, [pages]);
  return { tickets, count: pages?.[0]?.count ?? 0, query };
}

function editLists(client: QueryClient, change: (data: Pages, filter: TicketFilter) => Pages) {
  for (const [key, data] of client.getQueriesData<Pages>({ queryKey: [ticketsKey] })) {
    const filter = key[1] as TicketFilter | undefined;
    if (data && filter) client.setQueryData(key, change(data, filter));
  }
}

const contains = (data: Pages, id: number) => data.pages.some((p) => p.tickets.some((t) => t.id === id));

function without(data: Pages, id: number): Pages {
  if (!contains(data, id)) return data;
  return {
    ...data,
    pages: data.pages.map((p, i) => ({
      ...p,
      tickets: p.tickets.filter((t) => t.id !== id),
      count: i === 0 ? Math.max(0, p.count - 1) : p.count,
    })),
  };
}

function onTop(data: Pages, ticket: TicketDto): Pages {
  const rest = without(data, ticket.id);
  const [first, ...others] = rest.pages;
  if (!first) return data;
  return { ...rest, pages: [{ ...first, tickets: [ticket, ...first.tickets], count: first.count + 1 }, ...others] };
}

function replaced(data: Pages, ticket: TicketDto): Pages {
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, tickets: p.tickets.map((t) => (t.id === ticket.id ? ticket : t)) })),
  };
}

/**
 * A ticket update: it moves into, or is updated in, each list whose filter it
 * matches and leaves the others. `toTop` (a new message) puts it first;
 * otherwise a ticket already listed keeps its place. Search lists only
 * refresh what they show.
 */
export function applyTicketUpdate(client: QueryClient, ticket: TicketDto, user: Viewer, toTop = false) {
  editLists(client, (data, filter) => {
    const searching = filter.status === undefined;
    if (!belongsToList(ticket, filter, user)) return without(data, ticket.id);
    if (searching) return contains(data, ticket.id) ? replaced(data, ticket) : data;
    if (contains(data, ticket.id) && !toTop) return replaced(data, ticket);
    return onTop(data, ticket);
  });
  client.setQueriesData<TicketDto>({ queryKey: [ticketKey] }, (old) => (old && old.id === ticket.id ? ticket : old));
}

export function removeTicket(client: QueryClient, ticketId: number) {
  editLists(client, (data) => without(data, ticketId));
}

/** updateUnread: the ticket's unread count becomes 0 wherever it is shown. */
export function resetUnread(client: QueryClient, ticketId: number) {
  editLists(client, (data) => {
    const ticket = data.pages.flatMap((p) => p.tickets).find((t) => t.id === ticketId);
    return ticket ? replaced(data, { ...ticket, unreadMessages: 0 }) : data;
  });
}
