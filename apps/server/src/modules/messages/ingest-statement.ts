/**
 * Ingest's statement (DESIGN §6, §9), in one round trip: the contact (found
 * by number, else by user id; made, or joined and renamed: ingest-contact.ts),
 * the contact's active ticket on this connection (found and locked, or made;
 * or the closed one still awaiting the customer's rating), the message, the
 * ticket's unread count and last message, and a new ticket's first timeline
 * row. Prepared once per database connection, and for most messages the whole
 * change in one autocommit (ingest.ts): a burst of deliveries costs the
 * database little more than the rows it writes.
 *
 * Races between concurrent deliveries are settled by the unique indexes
 * (contacts_company_number_uq, contacts_company_user_id_uq,
 * tickets_active_contact_uq, messages_whatsapp_wid_uq): an insert that meets
 * a row another transaction just committed does nothing, and since one
 * statement only sees what was committed when it began, the statement then
 * runs again and finds that row. A contact's join (an update) that meets
 * such a row is refused by PostgreSQL and the statement runs again as well.
 */
import { campaignLimits } from "@balcao/contracts";
import { contactCtes } from "./ingest-contact.js";

/*
 * $1 company, $2 connection, $3 chat number ("" when unknown), $4 chat name, $5 chat is a group,
 * $6 the sender contact (a group's participant) or null, $7 fromMe, $8 wid, $9 body, $10 mediaType,
 * $11 mediaPath, $12 mediaName, $13 quoted wid, $14 providerData, $15 sent at, $16 the ticket's
 * lastMessage, $17 now, $18 details, $19 chat user id, $20 its parent id, $21 username,
 * $22 whether WhatsApp named the chat, $23 whether it runs in a transaction.
 */
export const storeStatement = `
with facts as (
  -- Whether the connection keeps any timer a customer's message re-arms (automation/arm-ticket-timers.ts).
  select exists (select 1 from whatsapps w where w.id = $2::int
      and (w.time_send_queue > 0 or w.time_to_transfer > 0 or w.expires_ticket > 0)) as has_timers,
    -- A customer's message to a number a campaign wrote to on this connection lately (one probe of
    -- campaign_shipping_reply_idx): campaigns/campaign-reply.job.ts reads it for a confirmation or an opt-out.
    (not $7::boolean and not $5::boolean and exists (select 1 from campaign_shipping cs
      where cs.whatsapp_id = $2::int and cs.number = $3::text
        and cs.last_sent_at > $17::timestamptz - interval '${campaignLimits.replyWindowMs / 1000} seconds'))
      as answers_campaign
),
-- Alone (autocommit), the statement is the whole change; a message whose timers or campaign reply are jobs to
-- enqueue with it writes nothing here and is stored again in a transaction that does both (ingest.ts).
writes as (
  select $23::boolean or not (has_timers or answers_campaign) as ok from facts
),
${contactCtes({
  company: "$1",
  connection: "$2",
  number: "$3",
  name: "$4",
  isGroup: "$5",
  now: "$17",
  userId: "$19",
  parentUserId: "$20",
  username: "$21",
  named: "$22",
  writes: "(select ok from writes)",
})},
chat as (
  select id, is_group from existing union all select id, is_group from inserted
),
-- Locked, so a close cannot slip in between finding the ticket and counting the message on it.
-- With no active ticket, a customer's reply goes to the ticket closed less than a day ago that still asks
-- them for a rating (automation/rate-ticket.ts reads it), instead of opening a new one.
found as (
  select t.id, t.status, t.user_id, t.queue_id, t.chatbot from tickets t join chat on t.contact_id = chat.id
  where t.whatsapp_id = $2::int
    and (t.status <> 'closed'
      or (not $7::boolean and t.rating_asks > 0 and t.closed_at > $17::timestamptz - interval '1 day'))
  order by t.status = 'closed', t.id desc
  limit 1
  for update of t
),
stored as (
  select id from messages where whatsapp_id = $2::int and wid = $8::text
),
-- The message's id, known before its insert so a new ticket can be marked with it (a repeat wastes one).
next_message as (
  select nextval(pg_get_serial_sequence('messages', 'id'))::int as id
),
-- A new ticket is pending, with no queue and no user, and already counts this message; a customer's
-- message on it is automation's to look at (the mark below).
created as (
  insert into tickets (company_id, contact_id, whatsapp_id, status, is_group, queued_at,
    unread_messages, last_message, updated_at, automation_pending_message_id)
  select $1::int, chat.id, $2::int, 'pending', chat.is_group, $17::timestamptz,
    case when $7::boolean then 0 else 1 end, $16::text, $17::timestamptz,
    case when not $7::boolean and not chat.is_group then (select id from next_message) end
  from chat
  where not exists (select 1 from found) and not exists (select 1 from stored) and (select ok from writes)
  on conflict do nothing
  returning id, status, user_id, queue_id, chatbot
),
target as (
  select * from found union all select * from created
),
message as (
  insert into messages (id, company_id, ticket_id, whatsapp_id, wid, contact_id, from_me, body, read, ack,
    media_type, media_path, media_name, quoted_msg_id, provider_data, created_at, details)
  select (select id from next_message), $1::int, target.id, $2::int, $8::text,
    case when $7::boolean then null else coalesce($6::int, (select id from chat)) end,
    -- Sent from the phone: already read, and already on WhatsApp's servers.
    $7::boolean, $9::text, $7::boolean, case when $7::boolean then 2 else 1 end,
    $10::text, $11::text, $12::text,
    (select q.id from messages q where q.company_id = $1::int and q.whatsapp_id = $2::int and q.wid = $13::text),
    $14::jsonb, $15::timestamptz, $18::jsonb
  from target
  where (select ok from writes)
  on conflict (whatsapp_id, wid) do nothing
  returning id, ticket_id
),
-- A ticket made above already counts the message (this statement cannot see its row).
-- A customer's message on a ticket nobody attends (waiting, or closed and asking for a rating: found
-- above) marks it for automation (automation/answer-sweep.ts decides whether anything answers): the
-- durable record of that work, written with the message instead of a job row of its own.
counted as (
  update tickets set
    -- An outgoing message (sent from the phone) counts as the attendant having read the chat.
    unread_messages = case when $7::boolean then 0 else tickets.unread_messages + 1 end,
    last_message = $16::text,
    updated_at = $17::timestamptz,
    -- Never back: a concurrent delivery's newer message may have marked it first.
    automation_pending_message_id = case
      when not $7::boolean and not tickets.is_group and (tickets.user_id is null or tickets.status = 'closed')
        then greatest(tickets.automation_pending_message_id, message.id)
      else tickets.automation_pending_message_id end
  from message
  where tickets.id = message.ticket_id
),
-- The new ticket's first timeline row (tickets/ticket-timeline.ts writes every later one): nobody did it yet.
timeline as (
  insert into ticket_events (company_id, ticket_id, type, data)
  select $1::int, created.id, 'created', jsonb_build_object('by', null, 'queue', null, 'toUser', null)
  from created
)
select (select id from target) as "ticketId", (select id from message) as "messageId",
  (select has_timers from facts) as "connectionHasTimers", (select answers_campaign from facts) as "answersCampaign",
  not (select ok from writes) as "leftForTransaction",
  exists (select 1 from stored) as "stored", (select id from chat) as "contactId",
  exists (select 1 from created) as "ticketIsNew",
  (select id from inserted) as "newContactId", (select id from joined) as "joinedContactId"`;

export interface StoreResult {
  ticketId: number | null;
  connectionHasTimers: boolean;
  messageId: number | null;
  stored: boolean;
  contactId: number;
  ticketIsNew: boolean;
  /** The chat's contact when this statement made it. */
  newContactId: number | null;
  /** The chat's contact when this statement gave it an id it lacked, a username or a name. */
  joinedContactId: number | null;
  answersCampaign: boolean;
  /** Alone, it wrote nothing: the message needs a transaction (timers to arm, a campaign's reply to follow). */
  leftForTransaction: boolean;
}
