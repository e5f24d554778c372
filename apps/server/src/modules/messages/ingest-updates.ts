/**
 * Inbound messages that change what the agent already sees instead of adding
 * a bubble: a poll vote (the voter's latest choice, on the poll) and a
 * reaction that replaces or takes back the same person's earlier one on the
 * same message, as WhatsApp shows them. A taken-back reaction is marked
 * deleted (the realtime contract announces creates and updates only), and the
 * web leaves deleted reactions out.
 */
import { sql } from "drizzle-orm";
import type { InboundMessage } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import type { IngestConnection } from "./ingest-store.js";

interface ChangedRow {
  id: number;
  ticket_id: number;
}

/** node-postgres answers raw statements with { rows }; Db types the result as unknown. */
const rowsOf = (result: unknown) => (result as { rows: ChangedRow[] }).rows;

async function announceUpdates(ctx: Context, connection: IngestConnection, rows: ChangedRow[]) {
  for (const row of rows)
    await ctx.events.published("message.updated", {
      companyId: connection.companyId,
      ticketId: row.ticket_id,
      messageId: row.id,
    });
}

/** The voter's earlier vote leaves the poll; the new one (possibly no option: a vote taken back) takes its place. */
export async function applyPollVote(ctx: Context, connection: IngestConnection, inbound: InboundMessage) {
  const vote = inbound.pollVote!;
  const entry = JSON.stringify({ voter: vote.voter, options: vote.options, at: inbound.timestamp.toISOString() });
  const rows = rowsOf(
    await ctx.db.execute(sql`
    update messages set
      details = jsonb_set(details, '{poll,votes}',
        coalesce((select jsonb_agg(v) from jsonb_array_elements(details->'poll'->'votes') v
                  where v->>'voter' <> ${vote.voter}), '[]'::jsonb)
        || case when jsonb_array_length(${entry}::jsonb->'options') > 0 then jsonb_build_array(${entry}::jsonb)
                else '[]'::jsonb end),
      updated_at = now()
    where company_id = ${connection.companyId} and whatsapp_id = ${connection.id} and wid = ${vote.targetWid}
      and details ? 'poll'
    returning id, ticket_id`),
  );
  // A vote on a poll this install never stored (older, or from the phone's history): nothing to count it on.
  await announceUpdates(ctx, connection, rows);
}

/**
 * The same person's earlier reactions to the same message are taken back:
 * ours when the reaction is ours (sent from the phone); else, in a chat, the
 * chat's contact (the target's ticket's, whichever id WhatsApp named them by)
 * and in a group the participant who reacted.
 */
export async function replaceReactions(ctx: Context, connection: IngestConnection, inbound: InboundMessage) {
  const participant = inbound.isGroup ? (inbound.sender?.number ?? "") : "";
  const participantUser = (inbound.isGroup && inbound.sender?.userId) || null;
  const rows = rowsOf(
    await ctx.db.execute(sql`
    update messages r set is_deleted = true, updated_at = now()
    from messages target
    where target.company_id = ${connection.companyId} and target.whatsapp_id = ${connection.id}
      and target.wid = ${inbound.reaction!.targetWid}
      and r.quoted_msg_id = target.id and r.media_type = 'reactionMessage' and not r.is_deleted
      and r.wid <> ${inbound.wid} and r.from_me = ${inbound.fromMe}
      and (${inbound.fromMe}::boolean or r.contact_id = case when ${inbound.isGroup}::boolean
        -- The participant's contact: by number, else (known by LID only) by user id, as ingest keys them.
        then (select id from contacts where company_id = ${connection.companyId}
              and ((number = ${participant} and number <> '') or user_id = ${participantUser})
              order by number = ${participant} desc limit 1)
        else (select contact_id from tickets where id = target.ticket_id) end)
    returning r.id, r.ticket_id`),
  );
  await announceUpdates(ctx, connection, rows);
}
