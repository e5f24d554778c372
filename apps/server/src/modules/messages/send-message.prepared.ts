/**
 * The statements the send path runs for every message it sends, outside any transaction
 * (send-stored-messages.ts sendStored, send-message.ts deliver), prepared once per database handle with drizzle's
 * placeholders: drizzle builds them once, and each connection has PostgreSQL parse and plan them once
 * (named statements), instead of both again for every bot answer.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { companies, contacts, messages, tickets } from "../../db/schema/index.js";

/** Where `deliver` sends a message: its ticket's connection and contact. */
export const deliveryColumns = {
  whatsappId: tickets.whatsappId,
  number: contacts.number,
  userId: contacts.userId,
  isGroup: contacts.isGroup,
};

export const notAttempted = sql`(${messages.providerData} -> 'attemptedAt') is null`;

const messageId = sql.placeholder("messageId");

function prepare(db: Db) {
  return {
    /** A stored message's destination, with what decides whether it may go now (its company, its age). */
    destination: db
      .select({
        ...deliveryColumns,
        createdAt: messages.createdAt,
        company: { id: companies.id, status: companies.status, dueDate: companies.dueDate },
        resumedAt: companies.resumedAt,
      })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .innerJoin(companies, eq(companies.id, messages.companyId))
      .where(eq(messages.id, messageId))
      .prepare("send_destination"),
    /** The attempt marked (send-stored-messages.ts): the message as it is then, or none when it may not go. */
    claim: db
      .update(messages)
      .set({
        providerData: sql`coalesce(${messages.providerData}, '{}'::jsonb) || jsonb_build_object('attemptedAt', now())`,
      })
      .where(
        and(
          eq(messages.id, messageId),
          isNull(messages.wid),
          isNull(messages.sendError),
          eq(messages.isDeleted, false),
          notAttempted,
        ),
      )
      .returning()
      .prepare("send_claim"),
    /** The provider took it: its id, ack 2 (acks only rise, §4.2), the connection that carried it. */
    sent: db
      .update(messages)
      .set({
        // Wrapped placeholders reach the driver as given: the caller hands the values in the columns' forms.
        wid: sql<string>`${sql.placeholder("wid")}`,
        whatsappId: sql<number>`${sql.placeholder("whatsappId")}`,
        ack: sql`greatest(${messages.ack}, 2)`,
        sendError: null,
        providerData: sql.placeholder("providerData"),
        updatedAt: sql<Date>`${sql.placeholder("updatedAt")}::timestamptz`,
      })
      .where(eq(messages.id, messageId))
      .prepare("send_sent"),
  };
}

const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

export function sendStatements(db: Db): ReturnType<typeof prepare> {
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = prepare(db)));
  return statements;
}
