/**
 * What the AI's turn reads (ai-turn.job.ts): the ticket, its customer, the
 * message and the prompt in one statement, with whether the message is still
 * the customer's latest and whether the AI answered it already;
 * and the ticket's latest messages for the history.
 */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import type { HistoryMessage } from "./ai-conversation.js";

export interface TurnIds {
  companyId: number;
  ticketId: number;
  messageId: number;
  promptId: number;
}

export interface TurnFacts {
  status: string;
  userId: number | null;
  promptId: number | null;
  holdReleased: boolean;
  contactId: number;
  whatsappId: number | null;
  customerName: string;
  /** The customer's message of this turn. */
  mediaType: string;
  mediaPath: string | null;
  mediaName: string | null;
  transcription: string | null;
  /** No newer customer's message: a newer one's turn answers them all. */
  isLatest: boolean;
  /** The AI answered it, or a newer message, already (this turn's answer, committed before a crash). */
  answered: boolean;
  prompt: {
    prompt: string;
    model: string;
    temperature: number;
    maxTokens: number;
    maxMessages: number;
    apiKey: string;
    baseUrl: string;
    transcriptionModel: string;
    queueId: number | null;
  };
}

/** Undefined when the ticket, the message (on that ticket) or the prompt (of that company) is gone. */
export async function readTurn(db: Db | Tx, ids: TurnIds): Promise<TurnFacts | undefined> {
  const result = await db.execute(sql`
    select t.status, t.user_id as "userId", t.prompt_id as "promptId", t.hold_released as "holdReleased",
      t.contact_id as "contactId", t.whatsapp_id as "whatsappId", c.name as "customerName",
      m.media_type as "mediaType", m.media_path as "mediaPath", m.media_name as "mediaName",
      m.transcription,
      not exists (select 1 from messages n where n.ticket_id = t.id and not n.from_me and n.id > m.id) as "isLatest",
      coalesce(t.ai_answered_message_id, 0) >= m.id as "answered",
      json_build_object('prompt', p.prompt, 'model', p.model, 'temperature', p.temperature,
        'maxTokens', p.max_tokens, 'maxMessages', p.max_messages, 'apiKey', p.api_key, 'baseUrl', p.base_url,
        'transcriptionModel', p.transcription_model, 'queueId', p.queue_id) as prompt
    from tickets t
    join contacts c on c.id = t.contact_id
    join messages m on m.id = ${ids.messageId} and m.ticket_id = t.id
    join prompts p on p.id = ${ids.promptId} and p.company_id = t.company_id
    where t.id = ${ids.ticketId} and t.company_id = ${ids.companyId}`);
  return (result as { rows: TurnFacts[] }).rows[0];
}

/** Still this prompt's turn: the ticket waits with no agent, held by this prompt, not let go. */
export function promptHolds(facts: TurnFacts, promptId: number): boolean {
  return facts.status === "pending" && facts.userId === null && facts.promptId === promptId && !facts.holdReleased;
}

/** What a conversation shows: no reactions, call logs or notices. */
const conversational = sql`m.media_type not in ('reactionMessage', 'call_log', 'notice') and not m.is_deleted`;

/** The ticket's latest `limit` messages, newest first. */
export async function latestMessages(
  db: Db | Tx,
  companyId: number,
  ticketId: number,
  limit: number,
): Promise<(HistoryMessage & { id: number; mediaPath: string | null })[]> {
  const result = await db.execute(sql`
    select m.id, m.from_me as "fromMe", m.body, m.media_type as "mediaType", m.transcription,
      m.media_path as "mediaPath"
    from messages m
    where m.ticket_id = ${ticketId} and m.company_id = ${companyId} and ${conversational}
    order by m.id desc
    limit ${limit}`);
  return (result as { rows: (HistoryMessage & { id: number; mediaPath: string | null })[] }).rows;
}
