/**
 * The steps a shipping row goes through, each its own commit (exactly once,
 * like modules/messages/send-stored-messages.ts): the claim (status sending
 * or confirming) commits before WhatsApp is called, the outcome after. A row
 * found claimed without an outcome was in flight when its process died: it is
 * left `unknown`, never sent again.
 */
import { sql } from "drizzle-orm";
import { rowsOf } from "../../db/rows.js";
import type { Context } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { EventTransaction } from "../../events/bus.js";
import { claimCampaignAck } from "./campaign-acks.js";

export interface ClaimedRow {
  id: number;
  number: string;
  message: string;
  confirmationMessage: string | null;
}

/**
 * A `confirming` row (a reply's main message) whose send began longer ago
 * than any send takes: its job died meanwhile. A live one is never older.
 */
const confirmingStaleAfter = "10 minutes";

/** Rows in flight from a run that died → unknown; the caller holds the campaign's dispatch lock. */
export async function settleInterrupted(ctx: Context, campaignId: number): Promise<number> {
  const rows = await rowsOf<{ id: number }>(
    ctx.db,
    sql`
    update campaign_shipping set status = 'unknown', updated_at = now()
    where campaign_id = ${campaignId}
      and (status = 'sending'
        or (status = 'confirming' and confirmed_at < now() - ${confirmingStaleAfter}::interval))
    returning id`,
  );
  if (rows.length) ctx.log.warn({ campaignId, rows: rows.length }, "campaign sends interrupted: left unknown");
  return rows.length;
}

/**
 * The next pending row, claimed with the pace's state in one commit: the
 * campaign row is locked while it is still EM_ANDAMENTO (a cancel or a
 * delete waits for this commit, or this finds the campaign stopped).
 */
export async function claimNext(ctx: Context, campaignId: number): Promise<ClaimedRow | undefined> {
  return ctx.db.transaction(async (tx) => {
    const running = await rowsOf<unknown>(
      tx,
      sql`
      select id from campaigns where id = ${campaignId} and status = 'EM_ANDAMENTO' for update`,
    );
    if (running.length === 0) return undefined;
    const rows = await rowsOf<ClaimedRow>(
      tx,
      sql`
      update campaign_shipping set status = 'sending', attempted_at = now(), updated_at = now()
      where id = (
        select id from campaign_shipping where campaign_id = ${campaignId} and status = 'pending'
        order by id limit 1 for update skip locked)
      returning id, number, message, confirmation_message as "confirmationMessage"`,
    );
    if (rows[0])
      await tx.execute(sql`
        update campaigns set sent_count = sent_count + 1, last_send_at = now() where id = ${campaignId}`);
    return rows[0];
  });
}

export type Outcome =
  | { kind: "delivered"; wid: string; error?: string }
  | { kind: "awaiting"; wid: string }
  | { kind: "failed"; error: string };

/** The outcome of a claimed row (from `from`: sending or confirming), in the caller's transaction. */
export async function recordOutcome(t: EventTransaction, rowId: number, from: string, outcome: Outcome) {
  const set =
    outcome.kind === "delivered"
      ? sql`status = 'delivered', delivered_at = now(), last_sent_at = now(), wid = ${outcome.wid},
          error = ${outcome.error ?? null}`
      : outcome.kind === "awaiting"
        ? sql`status = 'awaiting', confirmation_requested_at = now(), last_sent_at = now(), wid = ${outcome.wid}`
        : sql`status = 'failed', error = ${outcome.error}`;
  await t.db.execute(sql`
    update campaign_shipping set ${set}, updated_at = now() where id = ${rowId} and status = ${from}`);
  if (outcome.kind !== "failed") await claimCampaignAck(t.db, rowId, outcome.wid);
}

/** EM_ANDAMENTO → FINALIZADA once nothing is pending or in flight; true when it finished now. */
export async function finishIfDone(ctx: Context, companyId: number, campaignId: number): Promise<boolean> {
  return ctx.events.transaction(async (t) => {
    const rows = await rowsOf<unknown>(
      t.db,
      sql`
      update campaigns set status = 'FINALIZADA', completed_at = now(), updated_at = now()
      where id = ${campaignId} and status = 'EM_ANDAMENTO' and not exists (
        select 1 from campaign_shipping
        where campaign_id = ${campaignId} and status in ('pending', 'sending'))
      returning id`,
    );
    if (rows.length) t.record("campaign.updated", { companyId, campaignId });
    return rows.length > 0;
  });
}

/** Whether any row is still to be sent. */
export async function hasPending(db: Db, campaignId: number): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`select 1 from campaign_shipping where campaign_id = ${campaignId} and status = 'pending' limit 1`,
  );
  return rows.length > 0;
}

/** Every row still pending fails with `reason` (a campaign whose connection was deleted). */
export async function failPending(ctx: Context, campaignId: number, reason: string): Promise<void> {
  await ctx.db.execute(sql`
    update campaign_shipping set status = 'failed', error = ${reason}, updated_at = now()
    where campaign_id = ${campaignId} and status = 'pending'`);
}
