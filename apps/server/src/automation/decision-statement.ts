/**
 * The queue bot's decision on a customer's message written in one statement (route-ticket.ts): the
 * ticket's bot state, its list row (the last text) and the texts, stored as storeOutgoing stores an
 * automatic message (modules/messages/send-message.ts: no author, unread left alone, each announced by
 * message.sent) and queued for the send sweep (send-queue.ts), all in one. It runs for nearly every
 * answer (mostly the menu again), where the ticket's update, each text's insert and their queueing were
 * a round trip each, built by drizzle every time: the text here is constant, prepared once per
 * connection. Only texts without message variables come this way: those are rendered for the ticket
 * after its change (ticket-variables.ts), so they need it written first.
 */
import { getTableColumns } from "drizzle-orm";
import { tickets } from "../db/schema/index.js";
import type { EventTransaction } from "../events/bus.js";
import { lastMessageOf } from "../modules/messages/last-message.js";
import { sendSweepName } from "../modules/messages/send-queue.js";
import type { OutgoingTicket } from "../modules/messages/send-message.js";

type TicketRow = typeof tickets.$inferSelect;

/** The columns a decision may change (BotChange, with the queueing's and the closing's own). */
const changeable = [
  "queueId",
  "queueOptionId",
  "chatbot",
  "amountUsedBotQueues",
  "botAnsweredAt",
  "outOfHoursAt",
  "queuedAt",
  "status",
  "closedAt",
] as const satisfies readonly (keyof TicketRow)[];

export type TicketChange = Partial<Pick<TicketRow, (typeof changeable)[number]>>;

const columns = getTableColumns(tickets);

/** A column takes the change's value when the change names it ($2, JSON), else keeps its own. */
const changed = changeable
  .map((key) => {
    const column = columns[key];
    return `${column.name} = case when v.c ? '${key}' then (v.c->>'${key}')::${column.getSQLType()} else t.${column.name} end`;
  })
  .join(",\n    ");

/** $1 ticket, $2 change, $3 last message (null: no text), $4 now, $5 company, $6 connection, $7 texts. */
const statement = `
with v as (select $2::jsonb as c),
changed as (
  update tickets t set
    ${changed},
    last_message = coalesce($3::text, t.last_message),
    updated_at = $4::timestamptz
  from v where t.id = $1::int
  returning t.id),
stored as (
  insert into messages (company_id, ticket_id, whatsapp_id, user_id, from_me, read, ack, body, media_type,
    provider_data, created_at, updated_at)
  select $5::int, $1::int, $6::int, null, true, true, 1, b.body, 'chat', '{}'::jsonb, $4::timestamptz, $4::timestamptz
  from unnest($7::text[]) with ordinality as b(body, n)
  order by b.n
  returning id),
queued as (
  insert into message_sends (message_id, company_id, ticket_id, not_before)
  select id, $5::int, $1::int, now() from stored)
select id from stored`;

/** Writes the change, stores the texts (none blank, none with variables) and queues them for sending. */
export async function storeDecision(
  t: EventTransaction,
  ticket: OutgoingTicket,
  change: TicketChange,
  texts: readonly string[],
  now: Date,
): Promise<void> {
  const last = texts.at(-1);
  const values = [
    ticket.id,
    JSON.stringify(change),
    last === undefined ? null : lastMessageOf({ mediaType: "chat", body: last }),
    now,
    ticket.companyId,
    ticket.whatsappId,
    texts,
  ];
  const { rows } = await t.raw.query<{ id: number }>(statement, values, "bot_decision_store");
  // Ids come from the sequence in the texts' order.
  const messageIds = rows.map((r) => r.id).sort((a, b) => a - b);
  for (const messageId of messageIds)
    t.record("message.sent", { companyId: ticket.companyId, ticketId: ticket.id, messageId, byUserId: null });
  if (messageIds.length) t.wake(sendSweepName);
}
