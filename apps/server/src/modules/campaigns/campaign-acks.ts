/**
 * WhatsApp's status reports about campaign messages. A campaign message is
 * no stored message (it never touches a ticket), so apply-ack.ts finds no
 * message for its id and asks here: a report of failure after WhatsApp had
 * accepted the send (the Cloud API's "failed" status, e.g. 131026 "Message
 * undeliverable") turns the recipient's row failed with WhatsApp's words;
 * any other report of a campaign message is done with. A report that comes
 * before the send's own answer stored the id waits in pending_acks like any
 * other, and the row's outcome claims it (claimCampaignAck).
 */
import { sql } from "drizzle-orm";
import type { AckUpdate } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import { rowsOf } from "../../db/rows.js";
import type { Tx } from "../../db/client.js";

interface AckConnection {
  id: number;
  companyId: number;
}

/** Whether the report was about a campaign message (then it is applied, and nothing else is to be done). */
export async function applyCampaignAck(ctx: Context, connection: AckConnection, update: AckUpdate): Promise<boolean> {
  const ofMessage = sql`whatsapp_id = ${connection.id} and wid = ${update.wid} and company_id = ${connection.companyId}`;
  // Sent, delivered, read: the report shows no such progress; only whether it was ours matters.
  if (!update.error)
    return (await rowsOf(ctx.db, sql`select 1 from campaign_shipping where ${ofMessage} limit 1`)).length > 0;
  const error = update.error;
  return ctx.events.transaction(async (t) => {
    const [row] = await rowsOf<{ campaignId: number }>(
      t.db,
      sql`
      update campaign_shipping set status = 'failed', error = ${error}, delivered_at = null, updated_at = now()
      where ${ofMessage} returning campaign_id as "campaignId"`,
    );
    if (row) t.record("campaign.updated", { companyId: connection.companyId, campaignId: row.campaignId });
    return row !== undefined;
  });
}

/**
 * In the transaction that stores a delivered row's id: a failure WhatsApp
 * reported before the send's answer came back is applied to the row.
 */
export async function claimCampaignAck(tx: Tx, rowId: number, wid: string): Promise<void> {
  await tx.execute(sql`
    with claimed as (
      delete from pending_acks p using campaign_shipping s
      where s.id = ${rowId} and p.whatsapp_id = s.whatsapp_id and p.wid = ${wid}
      returning p.error)
    update campaign_shipping set status = 'failed', error = claimed.error, delivered_at = null
    from claimed where campaign_shipping.id = ${rowId} and claimed.error is not null`);
}
