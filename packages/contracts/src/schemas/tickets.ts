/** Tickets (core-platform §3 "Ticket", §4.1, §7.5) and their notes (§2.12, §7.6). */
import type { QueueRef } from "../entities.js";

export const ticketStatuses = ["pending", "open", "closed"] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** Tickets per list page (the workspace's infinite scroll). */
export const ticketPageSize = 40;

export interface TicketContactDto {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string;
  urlPicture: string;
  isGroup: boolean;
}

export interface TicketDto {
  id: number;
  uuid: string;
  status: TicketStatus;
  userId: number | null;
  user: { id: number; name: string } | null;
  queueId: number | null;
  queue: QueueRef | null;
  whatsappId: number | null;
  whatsapp: { id: number; name: string; status: string } | null;
  contactId: number;
  contact: TicketContactDto;
  tags: { id: number; name: string; color: string }[];
  unreadMessages: number;
  lastMessage: string;
  chatbot: boolean;
  isGroup: boolean;
  useIntegration: boolean;
  promptId: number | null;
  integrationId: number | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

export interface TicketListResponse {
  tickets: TicketDto[];
  hasMore: boolean;
  count: number;
}

/**
 * POST /tickets when the contact already has an active ticket held by another
 * attendant: the error is this object instead of a code (core-platform §8.2).
 */
export interface OtherAttendantTicket {
  userId: number;
  user: { name: string } | null;
  queue: { name: string } | null;
  ticketId: number;
}

export interface TicketNoteDto {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  userId: number | null;
  user: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
}
