/**
 * What the AI's turn reads (ai-turn.job.ts): the ticket, its customer, the
 * message and the prompt in one statement (a flow's openai node: read from
 * its flow's graph after it), with whether the message is still the
 * customer's latest and whether the AI answered it already;
 * and the ticket's latest messages for the history.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { queues } from "../db/schema/index.js";
import type { HistoryMessage } from "./ai-conversation.js";
import type { SpeechVoice } from "./azure-speech.js";
import { readHeldNode } from "./flows/node-hold.js";
import { openaiNodeSettings } from "./flows/openai-node.js";
import { currentHolder, sameHolder, type Holder } from "./holder.js";

/** Whose AI answers: a prompt row, or a flow's openai node (flows/node-hold.ts). */
export type AiSource = { promptId: number } | { flowId: number; nodeId: string };

export type TurnIds = { companyId: number; ticketId: number; messageId: number } & AiSource;

/** What the AI is asked with, from a prompt row or an openai block (flows/openai-node.ts). */
export interface AiSettings {
  prompt: string;
  model: string;
  temperature: number;
  maxTokens: number;
  maxMessages: number;
  /** Stored (encrypted) form. */
  apiKey: string;
  baseUrl: string;
  transcriptionModel: string;
  /** Where the transfer phrase and a failing provider put the ticket; null keeps its queue. */
  queueId: number | null;
  /** A voice note instead of text (a flow's AI block with a voice); the key in stored form. */
  voice: SpeechVoice | null;
}

export interface TurnFacts {
  status: string;
  userId: number | null;
  promptId: number | null;
  integrationId: number | null;
  holdFlowId: number | null;
  holdFlowNodeId: string | null;
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
  /** Undefined when the prompt, or the node (its flow deleted or inactive), is gone. */
  settings: AiSettings | undefined;
}

export const holderOf = (ids: AiSource): Holder =>
  "promptId" in ids
    ? { kind: "prompt", promptId: ids.promptId }
    : { kind: "flowNode", flowId: ids.flowId, nodeId: ids.nodeId };

const promptSettings = (promptId: number) => sql`(select json_build_object('prompt', p.prompt, 'model', p.model,
    'temperature', p.temperature, 'maxTokens', p.max_tokens, 'maxMessages', p.max_messages, 'apiKey', p.api_key,
    'baseUrl', p.base_url, 'transcriptionModel', p.transcription_model, 'queueId', p.queue_id, 'voice', null)
  from prompts p where p.id = ${promptId} and p.company_id = t.company_id)`;

/** The openai node's settings, its queue kept only when it is the company's. */
async function nodeSettings(db: Db | Tx, companyId: number, ids: { flowId: number; nodeId: string }) {
  const node = await readHeldNode(db, companyId, ids);
  if (node?.type !== "openai") return undefined;
  const settings = openaiNodeSettings(node.fields);
  if (settings.queueId === null) return settings;
  const [queue] = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.id, settings.queueId), eq(queues.companyId, companyId)));
  return { ...settings, queueId: queue?.id ?? null };
}

/** Undefined when the ticket or the message (on that ticket) is gone. */
export async function readTurn(db: Db | Tx, ids: TurnIds): Promise<TurnFacts | undefined> {
  const result = await db.execute(sql`
    select t.status, t.user_id as "userId", t.prompt_id as "promptId", t.integration_id as "integrationId",
      t.hold_flow_id as "holdFlowId", t.hold_flow_node_id as "holdFlowNodeId", t.hold_released as "holdReleased",
      t.contact_id as "contactId", t.whatsapp_id as "whatsappId", c.name as "customerName",
      m.media_type as "mediaType", m.media_path as "mediaPath", m.media_name as "mediaName",
      m.transcription,
      not exists (select 1 from messages n where n.ticket_id = t.id and not n.from_me and n.id > m.id) as "isLatest",
      coalesce(t.ai_answered_message_id, 0) >= m.id as "answered",
      ${"promptId" in ids ? promptSettings(ids.promptId) : sql`null`} as settings
    from tickets t
    join contacts c on c.id = t.contact_id
    join messages m on m.id = ${ids.messageId} and m.ticket_id = t.id
    where t.id = ${ids.ticketId} and t.company_id = ${ids.companyId}`);
  const facts = (result as { rows: (Omit<TurnFacts, "settings"> & { settings: AiSettings | null })[] }).rows[0];
  if (!facts) return undefined;
  const settings = "promptId" in ids ? (facts.settings ?? undefined) : await nodeSettings(db, ids.companyId, ids);
  return { ...facts, settings };
}

/** Still this source's turn: the ticket waits with no agent, held by this prompt or node, not let go. */
export function aiHolds(facts: TurnFacts, ids: AiSource): boolean {
  return (
    facts.status === "pending" &&
    facts.userId === null &&
    !facts.holdReleased &&
    sameHolder(currentHolder(facts), holderOf(ids))
  );
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
