/**
 * The answer's claim of its customer's message (answer-inbound.job.ts) and what answering it asks of the
 * database about the ticket's place, in one statement: the claim marks the message answered on its ticket
 * (locking the ticket until the commit) and answers the ticket's row with the message's text, and the same
 * statement reads, for the row it claimed, whether a flow starts or runs (flows/flow-turn.ts), what the place
 * offers as a holder (holder.ts) and the queue bot's context (chatbot.queries.ts). Built once, with
 * placeholders, and prepared: it runs for every answer, and drizzle took longer to build the statements than
 * PostgreSQL to run them. The holder's offer and the bot's context are used only for a ticket that no flow
 * runs on and nothing holds; a part not used here is read by its own code if it turns out to be needed.
 */
import { phraseKey } from "@balcao/contracts";
import { fillPlaceholders, getTableColumns, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { tickets } from "../db/schema/index.js";
import type { EventTransaction } from "../events/bus.js";
import { botContextOf, botContextQuery, type BotContext, type BotContextRow } from "./chatbot.queries.js";
import { startFactsQuery, type StartFacts } from "./flows/flow-turn.js";
import { currentHolder, offeredOf, offeredQuery, type Offered, type OfferedRow } from "./holder.js";

type TicketRow = typeof tickets.$inferSelect;

export interface AnswerPayload {
  companyId: number;
  ticketId: number;
  messageId: number;
  /** The message's text as the sweep read it: the flow facts are read for it with the claim. */
  body?: string;
}

export interface AnswerFacts {
  /** Undefined: not read (the message's text is not the one they would have been read for). */
  flow?: StartFacts;
  /** Undefined: not read. */
  offered?: Offered;
  /** Undefined: not read; null: the connection has no bot context (not the company's, or gone). */
  bot?: BotContext | null;
}

export interface Claimed {
  ticket: TicketRow;
  body: string;
  facts: AnswerFacts;
}

/** A column of the claimed ticket (`c` in the statement). */
const claimedColumn = (name: string) => sql.raw(`c.${name}`);
const place = {
  id: claimedColumn("id"),
  companyId: claimedColumn("company_id"),
  whatsappId: claimedColumn("whatsapp_id"),
  contactId: claimedColumn("contact_id"),
  flowId: claimedColumn("flow_id"),
  queueId: claimedColumn("queue_id"),
};

/**
 * Every column of tickets under its drizzle name: the row as drizzle would hand it over (pg parses
 * timestamptz into a Date and jsonb into its value, as drizzle's columns map them).
 */
const ticketRow = Object.entries(getTableColumns(tickets))
  .map(([key, column]) => `c."${column.name}" as "${key}"`)
  .join(", ");

const messageId = sql.placeholder("messageId");

// Each part as JSON: its columns keep their types (numbers, booleans, the JSON they hold).
const claimStatement = new PgDialect().sqlToQuery(sql`
  with claimed as (
    update tickets t set automation_seen_message_id = ${messageId}::int
    from messages m
    where t.id = ${sql.placeholder("ticketId")}::int and t.company_id = ${sql.placeholder("companyId")}::int
      and coalesce(t.automation_seen_message_id, 0) < ${messageId}::int
      and m.id = ${messageId}::int and m.ticket_id = t.id
    returning t.*, m.body as message_body)
  select ${sql.raw(ticketRow)}, c.message_body as "body",
    (select row_to_json(f) from (${startFactsQuery({ ...place, messageId, phraseKey: sql.placeholder("phraseKey") })}) f)
      as flow,
    (select row_to_json(o) from (${offeredQuery(place)}) o) as offered,
    (select row_to_json(b) from (${botContextQuery(place)}) b) as bot
  from claimed c`);

interface Row extends TicketRow {
  body: string;
  flow: StartFacts;
  offered: OfferedRow | null;
  bot: BotContextRow | null;
}

/**
 * Claims the message and reads what answering it asks; undefined when the ticket or the message is gone,
 * or the ticket's newer message was answered already. A run of the same ticket waiting on the lock reads
 * the mark the first one left.
 */
export async function claimAnswer(t: EventTransaction, data: AnswerPayload): Promise<Claimed | undefined> {
  const key = data.body === undefined ? null : phraseKey(data.body);
  const values = fillPlaceholders(claimStatement.params, { ...data, phraseKey: key });
  const { rows } = await t.raw.query<Row>(claimStatement.sql, values, "answer_claim");
  if (!rows[0]) return undefined;
  const { body, flow, offered, bot, ...ticket } = rows[0];
  const free = ticket.flowId === null && currentHolder(ticket) === undefined;
  const facts = {
    // Read for the text the sweep saw: a message edited since then has them read again (flows/flow-turn.ts).
    flow: body === data.body ? flow : undefined,
    offered: free ? offeredOf(offered) : undefined,
    bot: free ? (botContextOf(bot) ?? null) : undefined,
  };
  return { ticket, body, facts };
}
