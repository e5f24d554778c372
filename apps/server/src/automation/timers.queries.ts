/**
 * What the timer rules (timers.ts) read for one ticket: the ticket with the
 * time of its customer's last message, and its connection's timer fields.
 * Undefined parts = gone (deleted meanwhile, or not the company's): fireTimer
 * then answers "none".
 *
 *   const { ticket, connection } = await timerState(db, companyId, ticketId);
 *   timersFor(ticket, connection) / fireTimer(kind, ticket, connection, new Date())
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { messages, tickets, whatsapps } from "../db/schema/index.js";
import type { TimerConnection, TimerTicket } from "./timers.js";

export interface TimerState {
  ticket?: TimerTicket;
  connection?: TimerConnection;
}

/**
 * The customer's last message on the ticket, read only when the connection has a timer at all: most
 * connections have none, and this runs with every customer message (arm-ticket-timers.ts).
 */
const lastCustomerMessageAt = (ticketId: number) =>
  sql<Date | null>`case
  when ${whatsapps.timeSendQueue} > 0 or ${whatsapps.timeToTransfer} > 0 or ${whatsapps.expiresTicket} > 0 then (
    select m.created_at from ${messages} m
    where m.ticket_id = ${ticketId} and m.from_me = false
    order by m.id desc limit 1)
  end`.mapWith((v: string | Date | null) => (v === null ? null : new Date(v)));

export async function timerState(db: Db, companyId: number, ticketId: number): Promise<TimerState> {
  const [row] = await db
    .select({
      ticket: {
        status: tickets.status,
        userId: tickets.userId,
        queueId: tickets.queueId,
        chatbot: tickets.chatbot,
        isGroup: tickets.isGroup,
        ratingAsks: tickets.ratingAsks,
        createdAt: tickets.createdAt,
        queuedAt: tickets.queuedAt,
        acceptedAt: tickets.acceptedAt,
      },
      lastCustomerMessageAt: lastCustomerMessageAt(ticketId),
      // Drizzle reads a left-joined object as absent when its FIRST column is null: a not-null one comes first.
      connection: {
        timeSendQueue: whatsapps.timeSendQueue,
        sendIdQueue: whatsapps.sendIdQueue,
        transferQueueId: whatsapps.transferQueueId,
        timeToTransfer: whatsapps.timeToTransfer,
        expiresTicket: whatsapps.expiresTicket,
        expiresInactiveMessage: whatsapps.expiresInactiveMessage,
      },
    })
    .from(tickets)
    .leftJoin(whatsapps, and(eq(whatsapps.id, tickets.whatsappId), eq(whatsapps.companyId, companyId)))
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, companyId)));
  if (!row) return {};
  const ticket = { ...row.ticket, lastCustomerMessageAt: row.lastCustomerMessageAt };
  return { ticket, connection: row.connection ?? undefined };
}
