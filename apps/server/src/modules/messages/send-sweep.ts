/**
 * Sends the automatic messages queued in the outbox (send-queue.ts; the
 * pattern: jobs/sweeps.ts). Per batch, a handful of statements whatever its
 * size: one claims the due messages (the attempt marked on each, their
 * destinations returned with it), the driver sends them (tickets side by
 * side, a ticket's messages one after the other in their order), one records
 * every outcome and deletes the outbox rows, one applies acks the provider
 * reported before its answer, and the realtime reads them once.
 *
 * Never twice: a claimed message carries its attempt mark, committed before
 * the driver sees it, and its outbox row is leased (due again only after
 * the send's time is surely up). A row found due again with its message
 * attempted and no outcome (the process died while WhatsApp was answering,
 * or after) cannot tell whether the customer got it: the message is left
 * failed — visible, and the agent may send it again — never sent again.
 *
 * A company switched off or expired keeps its messages unsent: the claim
 * marks them kept (due never) and resumeSends makes them due when it works
 * again, once its connections started (company-state.job.ts). A connection not running yet (a
 * restart, a session reconnecting) is looked at again every few seconds; past
 * connectionWaitMs (from the message, or from the company's return) the
 * message goes to the driver anyway, which leaves it failed for the agent.
 */
import type { Context } from "../../context.js";
import type { RawSql } from "../../db/client.js";
import type { SweepDefinition } from "../../jobs/sweeps.js";
import { mayWorkSql } from "../companies/subscription.js";
import { claimPendingAcks } from "./apply-ack.js";
import { announceMessage, handOver, type Delivery, type SendOutcome } from "./send-message.js";
import { sendSweepName } from "./send-queue.js";
import { connectionWaitMs } from "./send-stored-messages.js";

/** Messages per batch: a burst of answers drains in a few, each sent as soon as claimed. */
const batchSize = 32;
/** A send gives up after 15 s (the Graph client's timeout); a ticket's messages go one after another. */
const leaseSecondsEach = 30;
const connectionRetrySeconds = 5;

type Kind = "send" | "waiting" | "kept" | "interrupted" | "done";

interface Claimed extends Omit<Delivery, "message"> {
  kind: Kind;
  messageId: number;
  companyId: number;
  ticketId: number;
  /** The message as the claim left it; null unless it was claimed (kind send). */
  message: Delivery["message"] | null;
}

const claimStatement = `
with due as (
  -- The company row held FOR SHARE: one that works again meanwhile is seen as it is now (send-queue.ts resumeSends).
  select s.message_id, s.ticket_id, ${mayWorkSql("c")} as works
  from message_sends s
  join companies c on c.id = s.company_id
  where s.not_before <= now()
    -- In order per ticket: an earlier message waiting (its time, its connection, a send in flight) holds it;
    -- one kept for its company does not (all of them are kept, and go again together).
    and not exists (select 1 from message_sends e
      where e.ticket_id = s.ticket_id and e.message_id < s.message_id and e.not_before > now()
        and e.not_before <> 'infinity')
  order by s.message_id
  limit $1
  for update of s skip locked
  for share of c
),
facts as (
  select m.id, m.company_id, m.ticket_id, t.whatsapp_id, ct.number, ct.user_id, ct.is_group,
    row_number() over (partition by m.ticket_id order by m.id) as place,
    case
      when m.wid is not null or m.send_error is not null or m.is_deleted then 'done'
      when not d.works then 'kept'
      when m.provider_data -> 'attemptedAt' is not null then 'interrupted'
      when t.whatsapp_id <> all($2::int[])
        and now() - greatest(m.created_at, c.resumed_at) <= $3::int * interval '1 millisecond' then 'waiting'
      else 'send'
    end as kind
  from due d
  join messages m on m.id = d.message_id
  join tickets t on t.id = m.ticket_id
  join contacts ct on ct.id = t.contact_id
  join companies c on c.id = m.company_id
  -- An earlier message of the ticket another process is claiming right now: this one waits for the next batch.
  where not exists (select 1 from message_sends e
    where e.ticket_id = d.ticket_id and e.message_id < d.message_id
      and e.message_id not in (select message_id from due))
),
claimed as (
  update messages m
  set provider_data = coalesce(m.provider_data, '{}'::jsonb) || jsonb_build_object('attemptedAt', now())
  -- As read above unless changed since (deleted by an agent): such a one is not sent, and settles later.
  from facts f where m.id = f.id and f.kind = 'send'
    and m.wid is null and m.send_error is null and not m.is_deleted and m.provider_data -> 'attemptedAt' is null
  returning m.id, m.ticket_id, m.body, m.media_path, m.media_name, m.quoted_msg_id, m.provider_data
),
interrupted as (
  update messages m set send_error = 'ERR_SENDING_WAPP_MSG', updated_at = now()
  from facts f where m.id = f.id and f.kind = 'interrupted' and m.wid is null and m.send_error is null
),
held as (
  update message_sends s
  set not_before = case f.kind when 'kept' then 'infinity'
    else now() + case f.kind when 'send' then f.place * $4::int else $5::int end * interval '1 second' end
  from facts f where s.message_id = f.id and f.kind in ('send', 'waiting', 'kept')
),
settled as (
  delete from message_sends s using facts f where s.message_id = f.id and f.kind in ('done', 'interrupted')
)
select f.kind, f.id as "messageId", f.company_id as "companyId", f.ticket_id as "ticketId",
  f.whatsapp_id as "whatsappId", f.number, f.user_id as "userId", f.is_group as "isGroup",
  case when c.id is null then null else json_build_object('ticketId', c.ticket_id, 'body', c.body,
    'mediaPath', c.media_path, 'mediaName', c.media_name, 'quotedMsgId', c.quoted_msg_id,
    'providerData', c.provider_data) end as message
from facts f left join claimed c on c.id = f.id
order by f.id`;

/** Every outcome in one statement; the outbox rows go with them. */
const recordStatement = `
with outcome as (
  select * from unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[])
    as o(id, wid, whatsapp_id, provider_data, send_error)
),
recorded as (
  update messages m set
    wid = coalesce(o.wid, m.wid),
    whatsapp_id = case when o.wid is null then m.whatsapp_id else o.whatsapp_id end,
    -- Acks only rise (§4.2): a report may have come before this answer.
    ack = case when o.wid is null then m.ack else greatest(m.ack, 2) end,
    send_error = o.send_error,
    provider_data = coalesce(o.provider_data::jsonb, m.provider_data),
    updated_at = now()
  from outcome o where m.id = o.id
)
delete from message_sends s using outcome o where s.message_id = o.id`;

interface Sent {
  claimed: Claimed;
  outcome: SendOutcome;
}

function claim(ctx: Context): Promise<Claimed[]> {
  const values = [batchSize, ctx.channels.sendableIds(), connectionWaitMs, leaseSecondsEach, connectionRetrySeconds];
  return ctx.database.raw.query<Claimed>(claimStatement, values, "send_sweep_claim").then((r) => r.rows);
}

/** Tickets side by side; a ticket's messages in their order, the next one going after a refusal too. */
async function sendAll(ctx: Context, claimed: Claimed[]): Promise<Sent[]> {
  const byTicket = new Map<number, Claimed[]>();
  for (const c of claimed) byTicket.set(c.ticketId, [...(byTicket.get(c.ticketId) ?? []), c]);
  const perTicket = await Promise.all(
    [...byTicket.values()].map(async (list) => {
      const sent: Sent[] = [];
      for (const c of list) sent.push({ claimed: c, outcome: await handOver(ctx, { ...c, message: c.message! }) });
      return sent;
    }),
  );
  return perTicket.flat();
}

async function record(raw: RawSql, sent: Sent[]): Promise<void> {
  if (!sent.length) return;
  const taken = (s: Sent) => (s.outcome.sent ? s.outcome : undefined);
  const values = [
    sent.map((s) => s.claimed.messageId),
    sent.map((s) => taken(s)?.wid ?? null),
    sent.map((s) => taken(s)?.whatsappId ?? null),
    sent.map((s) => {
      const providerData = taken(s)?.providerData;
      return providerData ? JSON.stringify(providerData) : null;
    }),
    sent.map((s) => (s.outcome.sent ? null : s.outcome.reason)),
  ];
  await raw.query(recordStatement, values, "send_sweep_record");
}

function logged(ctx: Context, claimed: Claimed[], sent: Sent[]): void {
  for (const c of claimed.filter((c) => c.kind === "interrupted"))
    ctx.log.warn(
      { messageId: c.messageId },
      "automatic message interrupted while sending: left failed, not sent again",
    );
  for (const { claimed: c, outcome } of sent)
    if (!outcome.sent) ctx.log.warn({ err: outcome.err, messageId: c.messageId }, "automatic message not sent");
}

export function sendSweep(): SweepDefinition {
  return {
    name: sendSweepName,
    async run(ctx) {
      const claimed = await claim(ctx);
      const sent = await sendAll(
        ctx,
        claimed.filter((c) => c.kind === "send" && c.message !== null),
      );
      await record(ctx.database.raw, sent);
      const taken = sent.flatMap(({ claimed: c, outcome: o }) =>
        o.sent ? [{ connection: { id: o.whatsappId, companyId: c.companyId }, wid: o.wid }] : [],
      );
      await claimPendingAcks(ctx.db, taken);
      logged(ctx, claimed, sent);
      const changed = [...claimed.filter((c) => c.kind === "interrupted"), ...sent.map((s) => s.claimed)];
      await Promise.all(changed.map((c) => announceMessage(ctx, c.companyId, c.messageId, c.ticketId)));
      // A batch not full took everything due: the sweep rests until woken (what committed meanwhile woke it).
      return claimed.length < batchSize ? 0 : claimed.length;
    },
  };
}
