/**
 * Ticket notifications (core-platform §4.7, §2.14), free of the browser so
 * they can be tested alone: when a new message makes a desktop notification,
 * what it says, and which tickets the top-bar popover lists.
 */
import type { MessageDto, TicketDto } from "@balcao/contracts";
import { companyTime } from "../../app/company-clock";
import { plainText } from "../tickets/messages/messageRules";
import { allTicketEnabled, type Viewer } from "../tickets/ticketRules";

export interface NotifyContext {
  user: Viewer;
  /** The ticket shown in the workspace, if any. */
  openTicketId: number | null;
  pageVisible: boolean;
}

export function shouldNotify(message: MessageDto, ticket: TicketDto, ctx: NotifyContext): boolean {
  const { user } = ctx;
  if (message.fromMe || message.read) return false;
  if (ticket.status === "pending" || ticket.isGroup) return false;
  if (ticket.userId !== null && ticket.userId !== user.id) return false;
  if (ticket.queueId !== null && !user.queues.some((q) => q.id === ticket.queueId)) return false;
  if (ctx.openTicketId === ticket.id && ctx.pageVisible) return false;
  return true;
}

/** The title is translated by the caller: "new message from {contact name}"; the body is plain text, marks off. */
export function notificationBody(message: Pick<MessageDto, "body" | "createdAt">): string {
  return `${plainText(message.body)} - ${companyTime(message.createdAt)}`;
}

/** The popover: tickets with unread messages; pending ones only for allTicket enabled. */
export function popoverTickets(tickets: TicketDto[], user: Viewer): TicketDto[] {
  const pendingToo = allTicketEnabled(user);
  return tickets.filter((t) => t.unreadMessages > 0 && (pendingToo || t.status !== "pending"));
}
