/**
 * How customers' messages reach automation (issue 11 items 2–3, 10): ingest
 * marks the ticket in the statement that stores the message
 * (`automation_pending_message_id`, for a customer's message on a ticket
 * nobody attends: ingest-store.ts), and this sweep (jobs/sweeps.ts) finds
 * the marked tickets, oldest mark first, and answers each of their
 * customer's messages not yet answered, in order: a batch's all in one
 * transaction (one BEGIN and COMMIT for them all), or, when that fails or
 * for a ticket whose answer failed before, each in its own
 * (answer-inbound.job.ts: the claim there keeps a message from being
 * answered twice). A ticket automation has nothing to say on (an
 * agent took it meanwhile, a connection without a bot) only has its mark
 * cleared. A crash anywhere leaves the mark: the sweep after the restart
 * finds it.
 */
import { settingDefaults } from "@balcao/contracts";
import type { Context } from "../context.js";
import type { RawSql } from "../db/client.js";
import type { InboundBotFacts, TicketBotPlace } from "../events/events.js";
import type { SweepDefinition } from "../jobs/sweeps.js";
import { answerMessage, answerMessages, mayAnswer } from "./answer-inbound.job.js";
import { flowFact } from "./flows/flow-facts.js";
import { holdableFact } from "./holder.js";

export const answerSweepName = "answer-inbound";

/** Tickets per batch: a burst's backlog drains a few at a time, between which foreground work goes first. */
const batchSize = 16;
/** Tries of a ticket whose answer fails before its messages are let go (as a job's retry limit). */
const maxTries = 5;
const retryDelayMs = (tries: number) => 2000 * 2 ** (tries - 1);

interface Marked {
  ticketId: number;
  companyId: number;
  pending: number;
  ticket: TicketBotPlace;
  bot: { connectionHasQueues: boolean; scheduleType: string | null; holdable: boolean; flow: boolean } | null;
  /** The customer's messages after the last one answered, up to the mark, oldest first, with their texts. */
  messages: { id: number; body: string }[];
}

const markedStatement = `
select t.id as "ticketId", t.company_id as "companyId", t.automation_pending_message_id as "pending",
  json_build_object('status', t.status, 'userId', t.user_id, 'queueId', t.queue_id, 'chatbot', t.chatbot)
    as "ticket",
  -- What the queue bot routes by, for a ticket waiting with no agent (mayAnswer).
  case when t.status = 'pending' and t.user_id is null then json_build_object(
    'connectionHasQueues', exists (select 1 from whatsapp_queues wq where wq.whatsapp_id = t.whatsapp_id),
    'scheduleType', (select s.value from settings s where s.company_id = t.company_id and s.key = 'scheduleType'),
    'holdable', ${holdableFact("t")}, 'flow', ${flowFact("t")})
  end as "bot",
  (select coalesce(json_agg(json_build_object('id', m.id, 'body', m.body) order by m.id), '[]') from messages m
    where m.ticket_id = t.id and m.id > coalesce(t.automation_seen_message_id, 0)
      and m.id <= t.automation_pending_message_id and not m.from_me) as "messages"
from tickets t
where t.automation_pending_message_id > coalesce(t.automation_seen_message_id, 0)
  and t.id <> all($2::int[])
order by t.automation_pending_message_id
limit $1`;

/** Clears marks as they were read: a message marked since keeps its ticket for the next batch. */
const clearStatement = `
update tickets t set automation_seen_message_id = v.pending
from unnest($1::int[], $2::int[]) as v(id, pending)
where t.id = v.id and coalesce(t.automation_seen_message_id, 0) < v.pending`;

const botFactsOf = (bot: Marked["bot"]): InboundBotFacts | undefined =>
  bot ? { ...bot, scheduleType: bot.scheduleType ?? settingDefaults.scheduleType } : undefined;

async function clear(raw: RawSql, done: Marked[]): Promise<void> {
  if (done.length)
    await raw.query(clearStatement, [done.map((m) => m.ticketId), done.map((m) => m.pending)], "answer_sweep_clear");
}

const payloadsOf = (marked: Marked) =>
  marked.messages.map(({ id: messageId, body }) => ({
    companyId: marked.companyId,
    ticketId: marked.ticketId,
    messageId,
    body,
  }));

/** The batch's messages in one transaction; false when it failed (nothing of it stands then). */
async function answerTogether(ctx: Context, together: Marked[]): Promise<boolean> {
  try {
    await answerMessages(ctx, together.flatMap(payloadsOf));
    return true;
  } catch (err) {
    ctx.log.warn({ err }, "automation answers a batch of tickets one by one: answering them together failed");
    return false;
  }
}

/** A sweep of its own per server: the tickets whose answers failed wait out their retry delay here. */
export function answerSweep(): SweepDefinition {
  const failing = new Map<number, { tries: number; until: number }>();
  const answerAll = async (ctx: Context, marked: Marked): Promise<boolean> => {
    try {
      for (const data of payloadsOf(marked)) await answerMessage(ctx, data);
      failing.delete(marked.ticketId);
      return true;
    } catch (err) {
      const tries = (failing.get(marked.ticketId)?.tries ?? 0) + 1;
      ctx.log.error({ err, ticketId: marked.ticketId, tries }, "automation could not answer a customer's message");
      if (tries >= maxTries) {
        failing.delete(marked.ticketId);
        return true;
      }
      failing.set(marked.ticketId, { tries, until: Date.now() + retryDelayMs(tries) });
      return false;
    }
  };
  return {
    name: answerSweepName,
    givesWay: true,
    async run(ctx) {
      const now = Date.now();
      const waiting = [...failing].filter(([, f]) => f.until > now).map(([id]) => id);
      const raw = ctx.database.raw;
      const { rows } = await raw.query<Marked>(markedStatement, [batchSize, waiting], "answer_sweep_marked");
      const answering = rows.filter((marked) => mayAnswer(marked.ticket, botFactsOf(marked.bot)));
      const done = rows.filter((marked) => !answering.includes(marked));
      // A ticket that failed before is answered alone: the others need not fail with it again.
      const together = answering.filter((marked) => !failing.has(marked.ticketId));
      const joint = together.length > 1 && (await answerTogether(ctx, together));
      if (joint) done.push(...together);
      for (const marked of joint ? answering.filter((m) => !together.includes(m)) : answering)
        if (await answerAll(ctx, marked)) done.push(marked);
      await clear(raw, done);
      return rows.length;
    },
  };
}
