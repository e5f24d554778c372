/**
 * The ticket list's rules (core-platform §2.7, §2.8, §4.1 "Realtime", §6),
 * kept free of React so they can be tested alone: which list a ticket
 * belongs to and how an item shows its time and last message.
 */
import { defaultQueueColor, limits, type AuthUser, type TicketDto, type TicketStatus } from "@balcao/contracts";
import { companyDate, companyTime, sameCompanyDay } from "../../app/company-clock";
import { plainText } from "./messages/messageRules";

/** What one ticket list asks GET /tickets for. */
export interface TicketFilter {
  /** Absent in the Search tab: every status. */
  status?: TicketStatus;
  /** Lower-cased search text (Search tab). */
  searchParam?: string;
  showAll: boolean;
  queueIds: number[];
  tags?: number[];
  users?: number[];
}

export type Viewer = Pick<AuthUser, "id" | "profile" | "allTicket" | "queues">;

/** The query string of GET /tickets (§7.5): lists go as JSON. */
export function ticketListQuery(filter: TicketFilter, pageNumber: number) {
  return {
    pageNumber,
    status: filter.status,
    searchParam: filter.searchParam || undefined,
    showAll: String(filter.showAll),
    queueIds: JSON.stringify(filter.queueIds),
    tags: filter.tags?.length ? JSON.stringify(filter.tags) : undefined,
    users: filter.users?.length ? JSON.stringify(filter.users) : undefined,
  };
}

/** allTicket is stored as "enabled" but also compared with "enable" (§3 User). */
export function allTicketEnabled(user: Pick<AuthUser, "allTicket">): boolean {
  const value: string = user.allTicket;
  return value === "enabled" || value === "enable";
}

/**
 * Whether a ticket (after a realtime update) belongs in a list, as the server
 * would list it: its status; the selected queues (a ticket in a queue that is
 * not selected leaves, unless it is the user's own; one without a queue
 * stays); with "show all" off only the user's own tickets and the waiting
 * ones. Whether the user may see the ticket at all is the server's call: it
 * sends a ticket's events only to those who may (and a delete to those who
 * no longer may). Search lists keep what they loaded.
 */
export function belongsToList(ticket: TicketDto, filter: TicketFilter, user: Viewer): boolean {
  if (filter.status === undefined) return true;
  const own = ticket.userId === user.id;
  if (ticket.status !== filter.status) return false;
  if (ticket.queueId !== null && !own && !filter.queueIds.includes(ticket.queueId)) return false;
  if (!filter.showAll && !own && ticket.status !== "pending") return false;
  return true;
}

/** §2.8: HH:mm when it is today, otherwise dd/MM/yyyy (the company's today and clock). */
export function ticketTime(updatedAt: string, now: Date = new Date()): string {
  return sameCompanyDay(updatedAt, now) ? companyTime(updatedAt) : companyDate(updatedAt);
}

/**
 * §2.8: the one line a list shows for the last message: a location preview
 * (it holds a base64 PNG) by its label, any other text without WhatsApp's
 * marks, which only the bubbles render ("*Ana:* Oi" reads "Ana: Oi").
 */
export function lastMessagePreview(lastMessage: string, locationLabel: string): string {
  return lastMessage.includes("data:image/png;base64") ? locationLabel : plainText(lastMessage);
}

export function queueColor(ticket: Pick<TicketDto, "queue">): string {
  return ticket.queue?.color ?? defaultQueueColor;
}

/** Badges read upper-cased (§2.8). */
export function badgeText(text: string | null | undefined): string {
  return (text ?? "").toUpperCase();
}

/** The admin's peek dialog cuts names on phones (§2.13). */
export function cutName(name: string, narrow: boolean, max: number = limits.mobileNameCut): string {
  return narrow && name.length > max ? `${name.slice(0, max)}...` : name;
}
