/**
 * The workspace's live lists (core-platform §4.1, §7.9): it joins the three
 * status rooms and applies ticket, message and contact events to every
 * loaded list. The open ticket and its messages follow their own events.
 */
import type { AuthUser, TicketDto } from "@balcao/contracts";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCompanyEvent, useSocketRoom } from "../../app/socket";
import { applyTicketUpdate, removeTicket, resetUnread, ticketKey, ticketsKey } from "./ticketsCache";

function mergeContact(client: QueryClient, contact: Partial<TicketDto["contact"]> & { id: number }) {
  const merge = (t: TicketDto): TicketDto =>
    t.contactId === contact.id ? { ...t, contact: { ...t.contact, ...contact } } : t;
  client.setQueriesData<{ pages: { tickets: TicketDto[] }[] }>({ queryKey: [ticketsKey] }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, tickets: p.tickets.map(merge) })) } : data,
  );
  client.setQueriesData<TicketDto>({ queryKey: [ticketKey] }, (t) => (t ? merge(t) : t));
}

export function useWorkspaceRealtime(user: AuthUser) {
  const client = useQueryClient();
  useSocketRoom("joinTickets", { status: "open" });
  useSocketRoom("joinTickets", { status: "pending" });
  useSocketRoom("joinTickets", { status: "closed" });

  useCompanyEvent("ticket", (payload) => {
    if (payload.action === "update" && payload.ticket) applyTicketUpdate(client, payload.ticket, user);
    else if (payload.action === "delete" && payload.ticketId !== undefined) removeTicket(client, payload.ticketId);
    else if (payload.action === "updateUnread" && payload.ticketId !== undefined) resetUnread(client, payload.ticketId);
  });

  useCompanyEvent("appMessage", (payload) => {
    // A new message moves its ticket to the top of its list with the unread count.
    // The server sends it only to those who may see the ticket.
    if (payload.action !== "create" || !payload.ticket) return;
    applyTicketUpdate(client, payload.ticket, user, true);
  });

  useCompanyEvent("contact", (payload) => {
    if (payload.action === "update" && payload.contact) mergeContact(client, payload.contact);
  });
}
