import type { TicketDto, TicketListResponse } from "@balcao/contracts";
import { QueryClient, type InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { applyTicketUpdate, removeTicket, resetUnread, ticketsKey } from "./ticketsCache";
import type { TicketFilter, Viewer } from "./ticketRules";

const admin: Viewer = { id: 1, profile: "admin", allTicket: "enabled", queues: [] };
const ticket = (id: number, over: Partial<TicketDto> = {}) =>
  ({ id, uuid: `u${id}`, status: "open", userId: 1, queueId: null, unreadMessages: 0, ...over }) as TicketDto;
const open: TicketFilter = { status: "open", showAll: true, queueIds: [] };
const pending: TicketFilter = { status: "pending", showAll: true, queueIds: [] };
const search: TicketFilter = { showAll: true, queueIds: [], searchParam: "ana" };

function seed(client: QueryClient, filter: TicketFilter, tickets: TicketDto[]) {
  const page: TicketListResponse = { tickets, hasMore: false, count: tickets.length };
  client.setQueryData<InfiniteData<TicketListResponse, number>>([ticketsKey, filter], {
    pages: [page],
    pageParams: [1],
  });
}
const read = (client: QueryClient, filter: TicketFilter) => {
  const data = client.getQueryData<InfiniteData<TicketListResponse, number>>([ticketsKey, filter]);
  return { ids: data?.pages.flatMap((p) => p.tickets.map((t) => t.id)), count: data?.pages[0]?.count };
};

describe("realtime edits of the loaded lists (core-platform §4.1)", () => {
  it("moves a ticket from Waiting to In Progress when it is accepted, with the counts", () => {
    const client = new QueryClient();
    seed(client, open, [ticket(1)]);
    seed(client, pending, [ticket(2, { status: "pending", userId: null })]);
    applyTicketUpdate(client, ticket(2), admin);
    expect(read(client, open)).toEqual({ ids: [2, 1], count: 2 });
    expect(read(client, pending)).toEqual({ ids: [], count: 0 });
  });
  it("keeps an updated ticket in place, and a new message puts it on top", () => {
    const client = new QueryClient();
    seed(client, open, [ticket(1), ticket(2)]);
    applyTicketUpdate(client, ticket(2, { lastMessage: "oi" }), admin);
    expect(read(client, open).ids).toEqual([1, 2]);
    applyTicketUpdate(client, ticket(2, { unreadMessages: 3 }), admin, true);
    expect(read(client, open)).toEqual({ ids: [2, 1], count: 2 });
  });
  it("only refreshes what a search shows, and removes and resets unread everywhere", () => {
    const client = new QueryClient();
    seed(client, search, [ticket(5, { unreadMessages: 4 })]);
    seed(client, open, [ticket(5, { unreadMessages: 4 }), ticket(6)]);
    applyTicketUpdate(client, ticket(7), admin);
    expect(read(client, search).ids).toEqual([5]);
    resetUnread(client, 5);
    const first = client.getQueryData<InfiniteData<TicketListResponse, number>>([ticketsKey, search])?.pages[0];
    expect(first?.tickets[0]?.unreadMessages).toBe(0);
    removeTicket(client, 5);
    expect(read(client, open)).toEqual({ ids: [7, 6], count: 2 });
    expect(read(client, search)).toEqual({ ids: [], count: 0 });
  });
});
