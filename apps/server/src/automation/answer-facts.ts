/**
 * What answering a customer's message asks of the database about the ticket's place, read in one
 * statement right after the claim (answer-inbound.job.ts) instead of one each: whether a flow starts or
 * runs (flows/flow-turn.ts), what the place offers as a holder (holder.ts) and the queue bot's context
 * (chatbot.queries.ts). The holder's offer and the bot's context are read only for a ticket that no flow
 * runs on and nothing holds (else they go unasked); a part not read here is read by its own code if it
 * turns out to be needed after all.
 */
import { sql } from "drizzle-orm";
import type { tickets } from "../db/schema/index.js";
import type { EventTransaction } from "../events/bus.js";
import { botContextOf, botContextQuery, type BotContext, type BotContextRow } from "./chatbot.queries.js";
import { startFactsQuery, type StartFacts } from "./flows/flow-turn.js";
import { currentHolder, offeredOf, offeredQuery, type Offered, type OfferedRow } from "./holder.js";

type TicketRow = typeof tickets.$inferSelect;

export interface AnswerFacts {
  flow: StartFacts;
  /** Undefined: not read. */
  offered?: Offered;
  /** Undefined: not read; null: the connection has no bot context (not the company's, or gone). */
  bot?: BotContext | null;
}

interface Row {
  flow: StartFacts;
  offered: OfferedRow | null;
  bot: BotContextRow | null;
}

export async function answerFacts(
  t: EventTransaction,
  ticket: TicketRow,
  body: string,
  messageId: number,
): Promise<AnswerFacts> {
  const free = ticket.flowId === null && currentHolder(ticket) === undefined;
  const bot = free && ticket.whatsappId !== null ? botContextQuery(ticket.companyId, ticket.whatsappId) : undefined;
  // Each part as JSON: its columns keep their types (numbers, booleans, the JSON they hold).
  const result = await t.db.execute(sql`select
    (select row_to_json(f) from (${startFactsQuery(ticket, body, messageId)}) f) as flow,
    ${free ? sql`(select row_to_json(o) from (${offeredQuery(ticket)}) o)` : sql`null`} as offered,
    ${bot ? sql`(select row_to_json(b) from (${bot}) b)` : sql`null`} as bot`);
  const row = (result as { rows: Row[] }).rows[0]!;
  return {
    flow: row.flow,
    offered: free ? offeredOf(row.offered) : undefined,
    bot: free ? (botContextOf(row.bot) ?? null) : undefined,
  };
}
