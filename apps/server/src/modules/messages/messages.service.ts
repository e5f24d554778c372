/**
 * Messages over HTTP (core-platform §2.10, §7.5): the conversation's pages,
 * read receipts when the attendant opens their ticket, deleting one's own
 * message, and retrying a failed send. Who may read a ticket's messages is
 * who sees the ticket (tickets/ticket-visibility.ts).
 */
import type { MessageDeleteScope, MessageDto, MessageListResponse } from "@balcao/contracts";
import { messagePageSize } from "@balcao/contracts";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Context } from "../../context.js";
import { contacts, messages, tickets } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { AccessClaims } from "../auth/tokens.js";
import { canSee, loadViewer, visibleTicketRow } from "../tickets/ticket-visibility.js";
import { loadMessage } from "./messages.presenter.js";
import { conversationPage, findMessageRow, markIncomingRead, type ConversationTicket } from "./messages.queries.js";
import { announceMessage, deliver } from "./send-message.js";

async function chatOf(ctx: Context, ticket: Pick<ConversationTicket, "contactId" | "isGroup">) {
  const contact = await ctx.db.query.contacts.findFirst({
    where: eq(contacts.id, ticket.contactId),
    columns: { number: true, userId: true, isGroup: true },
  });
  return { chatNumber: contact?.number ?? "", userId: contact?.userId, isGroup: contact?.isGroup ?? ticket.isGroup };
}

/**
 * Opening one's own open ticket reads it: unread 0, incoming messages read,
 * and read receipts to WhatsApp in the background (a refusal is only logged:
 * the agent has read them either way).
 */
async function readTicket(ctx: Context, ticket: ConversationTicket) {
  const [reset] = await ctx.db
    .update(tickets)
    .set({ unreadMessages: 0 })
    .where(and(eq(tickets.id, ticket.id), gt(tickets.unreadMessages, 0)))
    .returning({ id: tickets.id });
  if (!reset) return;
  const read = await markIncomingRead(ctx.db, ticket.id);
  await ctx.events.published("ticket.read", { companyId: ticket.companyId, ticketId: ticket.id });
  if (read.length === 0 || ticket.whatsappId === null) return;
  const whatsappId = ticket.whatsappId;
  void chatOf(ctx, ticket)
    .then((chat) => ctx.channels.driverFor(whatsappId).markRead(chat, read))
    .catch((err: unknown) => ctx.log.warn({ err, ticketId: ticket.id }, "read receipts not sent"));
}

/**
 * The conversation's page in one statement (with the viewer's queues beside
 * it for non-overseers); it is answered only once the ticket proves visible:
 * 404 for another company's, 403 outside the caller's scope, as
 * visibleTicketRow answers. Nothing is written unless the attendant opens
 * page 1 of their own open ticket with unread messages.
 */
export async function listMessages(
  ctx: Context,
  who: AccessClaims,
  ticketId: number,
  pageNumber: number,
): Promise<MessageListResponse> {
  const [viewer, conversation] = await Promise.all([
    loadViewer(ctx.db, who),
    conversationPage(ctx.db, who.companyId, ticketId, pageNumber),
  ]);
  if (!conversation) throw new AppError("ERR_NO_TICKET_FOUND");
  const { ticket, count, messages: page } = conversation;
  if (!canSee(viewer, ticket)) throw new AppError("ERR_NO_PERMISSION");
  if (pageNumber === 1 && ticket.status === "open" && ticket.userId === who.id && ticket.unreadMessages > 0) {
    await readTicket(ctx, ticket);
  }
  return {
    messages: page,
    count,
    hasMore: count > pageNumber * messagePageSize,
    ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status },
  };
}

/** A message of the company on a ticket the caller sees; 404 otherwise (another company's, or none). */
export async function reachableMessage(ctx: Context, who: AccessClaims, id: number) {
  const message = await findMessageRow(ctx.db, who.companyId, id);
  if (!message) throw new AppError("ERR_NOT_FOUND");
  const ticket = await visibleTicketRow(ctx.db, await loadViewer(ctx.db, who), { id: message.ticketId });
  return { message, ticket };
}

/**
 * Only its author deletes a message (ERR_NO_PERMISSION for anyone else). A
 * message WhatsApp has is deleted there first; a refusal answers
 * ERR_DELETE_WAPP_MSG and changes nothing. A message that never got there
 * (failed) is only marked deleted here. Scope "team" hides it for the agents
 * without asking WhatsApp (the Cloud API cannot delete a sent message, issue
 * 30 item 2): marked deleted and hiddenForTeam, announced the same way, so
 * every agent's screen shows it hidden and says the customer still has it.
 */
export async function deleteMessage(
  ctx: Context,
  who: AccessClaims,
  id: number,
  scope: MessageDeleteScope,
): Promise<MessageDto> {
  const { message, ticket } = await reachableMessage(ctx, who, id);
  if (!message.fromMe || message.userId !== who.id) throw new AppError("ERR_NO_PERMISSION");
  if (message.isDeleted) return (await loadMessage(ctx.db, who.companyId, id))!;
  if (scope === "everyone" && message.wid) {
    try {
      if (ticket.whatsappId === null) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
      const driver = ctx.channels.driverFor(ticket.whatsappId);
      await driver.deleteMessage(await chatOf(ctx, ticket), { wid: message.wid, fromMe: true });
    } catch (err) {
      ctx.log.warn({ err, messageId: id }, "message not deleted on WhatsApp");
      throw new AppError("ERR_DELETE_WAPP_MSG");
    }
  }
  // A message the customer has (it reached WhatsApp) and that stays there is hidden, not gone.
  const hidden = scope === "team" && message.wid !== null;
  await ctx.db
    .update(messages)
    .set({
      isDeleted: true,
      ...(hidden
        ? { details: sql`coalesce(${messages.details}, '{}'::jsonb) || '{"hiddenForTeam": true}'::jsonb` }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(messages.id, id));
  await announceMessage(ctx, who.companyId, id, message.ticketId);
  return (await loadMessage(ctx.db, who.companyId, id))!;
}

/** POST /messages/{id}/retry: sends a failed message of ours again. */
export async function retryMessage(ctx: Context, who: AccessClaims, id: number): Promise<MessageDto> {
  const { message } = await reachableMessage(ctx, who, id);
  if (!message.fromMe || message.sendError === null || message.isDeleted) {
    throw new AppError("ERR_VALIDATION", { reason: "notFailed" });
  }
  await deliver(ctx, who.companyId, id);
  return (await loadMessage(ctx.db, who.companyId, id))!;
}
