/**
 * The outbound path (DESIGN §6 "outbound"): the message is stored first (ack
 * 1, fromMe) and announced, then handed to the connection's driver. Accepted
 * → the provider's id and ack 2; refused → sendError, kept and shown as
 * failed, answered ERR_SENDING_WAPP_MSG (or the driver's own code, e.g.
 * ERR_WAPP_NOT_INITIALIZED), and re-sent by POST /messages/{id}/retry.
 * Agents' messages are sent in their request; automatic ones (userId null)
 * are stored in the transaction that decided them and sent by the send sweep
 * (send-sweep.ts), through the same `handOver`.
 */
import { readFile } from "node:fs/promises";
import type { MediaType, MessageDto } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { ChannelMedia, ChannelSender, OutboundReply, SentMessage } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import type { EventTransaction } from "../../events/bus.js";
import { contacts, memberAddress, messages, tickets } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { claimPendingAck } from "./apply-ack.js";
import { lastMessageOf } from "./last-message.js";
import { loadMessage } from "./messages.presenter.js";
import { deliveryColumns, sendStatements } from "./send-message.prepared.js";

/** A file already checked and stored in the company's media. */
export interface OutgoingMedia {
  mediaType: MediaType;
  mediaPath: string;
  mediaName: string;
  mimetype: string;
  /** A recorded audio, converted to OGG/Opus and sent as a voice note. */
  voiceNote: boolean;
}

export interface Outgoing {
  /** What the message shows: the text, or a file's name or caption. */
  body: string;
  /** The agent; null for automatic messages. */
  userId: number | null;
  media?: OutgoingMedia;
  /** Caption sent with a media (may differ from body: a plain file's name is not a caption). */
  caption?: string;
  quotedMsgId?: number | null;
}

/** What a retry needs to send the same media again, kept with the message. */
export interface OutboundData {
  media?: { mimetype: string; voiceNote: boolean; caption: string };
  sent?: unknown;
  /** When it was handed to the driver (send-sweep.ts, sendStored): a run after that must not send it again. */
  attemptedAt?: string;
}

/** The ticket a message is stored on: the connection it goes out through. */
export interface OutgoingTicket {
  id: number;
  companyId: number;
  whatsappId: number | null;
}

/**
 * Stores the message (ack 1, no wid yet) and moves the ticket's list row, in
 * the caller's transaction; message.sent announces its bubble after the
 * commit (messages.subscribers.ts). Delivery is the caller's next step:
 * `deliver` now, or the send sweep once committed (queueSends).
 */
export async function storeOutgoing(t: EventTransaction, ticket: OutgoingTicket, out: Outgoing): Promise<number> {
  const now = new Date();
  const mediaType = out.media?.mediaType ?? "chat";
  const outbound: OutboundData = out.media
    ? { media: { mimetype: out.media.mimetype, voiceNote: out.media.voiceNote, caption: out.caption ?? "" } }
    : {};
  // One statement: the ticket's list row moves in a data-modifying CTE of the message's insert.
  const listRow = t.db.$with("list_row").as(
    t.db
      .update(tickets)
      .set({
        lastMessage: lastMessageOf({ mediaType, body: out.body, mediaName: out.media?.mediaName }),
        // An agent writing has read the chat; an automatic answer (bot, flow, integration, schedule, the
        // messages API) has not: the customer's messages stay unread until an agent opens the ticket (issue 30 item 5).
        ...(out.userId !== null ? { unreadMessages: 0 } : {}),
        updatedAt: now,
      })
      .where(eq(tickets.id, ticket.id))
      .returning({ id: tickets.id }),
  );
  const [row] = await t.db
    .with(listRow)
    .insert(messages)
    .values({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      whatsappId: ticket.whatsappId,
      userId: out.userId,
      fromMe: true,
      read: true,
      ack: 1,
      body: out.body,
      mediaType,
      mediaPath: out.media?.mediaPath ?? null,
      mediaName: out.media?.mediaName ?? null,
      quotedMsgId: out.quotedMsgId ?? null,
      providerData: outbound,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: messages.id });
  t.record("message.sent", {
    companyId: ticket.companyId,
    ticketId: ticket.id,
    messageId: row!.id,
    byUserId: out.userId,
  });
  return row!.id;
}

/** Stores, announces and sends a message on the ticket; resolves with it sent, or throws with it failed. */
export async function sendTicketMessage(
  ctx: Context,
  companyId: number,
  ticketId: number,
  out: Outgoing,
): Promise<MessageDto> {
  const ticket = await ctx.db.query.tickets.findFirst({
    where: and(eq(tickets.id, ticketId), eq(tickets.companyId, companyId)),
  });
  if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND");
  const id = await ctx.events.transaction((t) => storeOutgoing(t, ticket, out));
  await deliver(ctx, companyId, id);
  return (await loadMessage(ctx.db, companyId, id))!;
}

async function mediaOf(ctx: Context, row: DeliveryMessage): Promise<ChannelMedia | undefined> {
  const media = (row.providerData as OutboundData | null)?.media;
  if (!row.mediaPath || !media) return undefined;
  const data = await readFile(ctx.media.resolve(row.mediaPath));
  return { data, mimetype: media.mimetype, fileName: row.mediaName ?? row.mediaPath };
}

async function quotedOf(ctx: Context, quotedMsgId: number | null): Promise<OutboundReply | undefined> {
  if (quotedMsgId === null) return undefined;
  const [quoted] = await ctx.db
    .select({ wid: messages.wid, fromMe: messages.fromMe, body: messages.body, author: memberAddress })
    .from(messages)
    .leftJoin(contacts, eq(contacts.id, messages.contactId))
    .where(eq(messages.id, quotedMsgId));
  // A quoted message WhatsApp never got (failed) cannot be referenced there.
  if (!quoted?.wid) return undefined;
  const participant = quoted.fromMe ? undefined : quoted.author;
  return { wid: quoted.wid, fromMe: quoted.fromMe, body: quoted.body, ...(participant ? { participant } : {}) };
}

/** The message as it is now, announced to its ticket's rooms. */
export function announceMessage(ctx: Context, companyId: number, messageId: number, ticketId: number) {
  return ctx.events.published("message.updated", { companyId, ticketId, messageId });
}

/** What `handOver` reads of the message itself. */
export type DeliveryMessage = Pick<
  typeof messages.$inferSelect,
  "ticketId" | "body" | "mediaPath" | "mediaName" | "quotedMsgId" | "providerData"
>;

/** Where a stored message goes: its ticket's connection and contact (readDelivery), with the message itself. */
export interface Delivery {
  message: DeliveryMessage;
  whatsappId: number | null;
  number: string;
  userId: string | null;
  isGroup: boolean;
}

/** What the provider answered: it took the message (its id, what to keep of it), or refused it (why). */
export type SendOutcome =
  | { sent: true; wid: string; whatsappId: number; providerData: OutboundData }
  | { sent: false; reason: string; err: unknown };

/** Hands a stored message to its connection's driver; never throws: a refusal is its outcome. */
export async function handOver(ctx: Context, found: Delivery): Promise<SendOutcome> {
  const { message: row } = found;
  const target = { chatNumber: found.number, userId: found.userId, isGroup: found.isGroup };
  try {
    if (found.whatsappId === null) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    const driver: ChannelSender = ctx.channels.driverFor(found.whatsappId);
    const [media, quoted] = await Promise.all([mediaOf(ctx, row), quotedOf(ctx, row.quotedMsgId)]);
    const options = (row.providerData as OutboundData | null)?.media;
    const sent: SentMessage = media
      ? await driver.sendMedia({
          ...target,
          media,
          caption: options?.caption ?? "",
          voiceNote: options?.voiceNote,
          quoted,
        })
      : await driver.sendText({ ...target, body: row.body, quoted });
    const providerData: OutboundData = { ...(row.providerData as OutboundData | null), sent: sent.raw ?? null };
    // The connection that carried it (a retry after a transfer uses the ticket's new one): acks come back through it.
    return { sent: true, wid: sent.wid, whatsappId: found.whatsappId, providerData };
  } catch (err) {
    return { sent: false, reason: providerReason(err), err };
  }
}

/**
 * Hands a stored message to its connection's driver and records the outcome (read it with
 * loadMessage where an answer needs it). `found`: the message and its destination as the caller
 * read them just now, instead of reading them here.
 */
export async function deliver(ctx: Context, companyId: number, messageId: number, found?: Delivery): Promise<void> {
  found ??= await readDelivery(ctx, companyId, messageId);
  if (!found) throw new AppError("ERR_NOT_FOUND");
  const outcome = await handOver(ctx, found);
  if (!outcome.sent) {
    ctx.log.warn({ err: outcome.err, messageId }, "message not sent");
    await ctx.db
      .update(messages)
      .set({ sendError: outcome.reason, updatedAt: new Date() })
      .where(eq(messages.id, messageId));
    await announceMessage(ctx, companyId, messageId, found.message.ticketId);
    throw outcome.err instanceof AppError ? new AppError(outcome.err.code) : new AppError("ERR_SENDING_WAPP_MSG");
  }
  const { wid, whatsappId, providerData } = outcome;
  await sendStatements(ctx.db).sent.execute({
    wid,
    whatsappId,
    providerData,
    updatedAt: new Date().toISOString(),
    messageId,
  });
  // The provider may have reported on the message before this answer came (kept in pending_acks).
  await claimPendingAck(ctx.db, { id: whatsappId, companyId }, wid);
  await announceMessage(ctx, companyId, messageId, found.message.ticketId);
}

async function readDelivery(ctx: Context, companyId: number, messageId: number): Promise<Delivery | undefined> {
  const [found] = await ctx.db
    .select({ message: messages, ...deliveryColumns })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(eq(messages.id, messageId), eq(messages.companyId, companyId)));
  return found;
}

/** The provider's words when the driver gave them, else the code; never a stack. */
function providerReason(err: unknown): string {
  const providerMessage = (err as { providerMessage?: unknown }).providerMessage;
  if (typeof providerMessage === "string" && providerMessage) return providerMessage.slice(0, 500);
  if (err instanceof AppError) return err.code;
  return "ERR_SENDING_WAPP_MSG";
}
