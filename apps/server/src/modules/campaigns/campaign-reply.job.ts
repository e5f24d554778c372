/**
 * A customer's reply to a campaign (issue 12 items 5 and 7), queued by ingest
 * in the transaction that stores the message (ingest-store.ts answers, in its
 * one statement, whether a campaign wrote to this number on this connection
 * lately). The message itself stays a normal inbound message on its ticket.
 *
 * - An opt-out word (campaign settings' optOutWords, isOptOutReply): the
 *   number joins the company's campaign_opt_outs, and its rows still to be
 *   sent in running campaigns become opted_out; a later campaign skips it.
 * - Else, a row awaiting confirmation: claimed (confirming, confirmedAt) in
 *   its own commit, then the main message goes with its media and files, then
 *   delivered or failed; a run that died in between leaves it unknown
 *   (shipping-steps.ts), never sent twice.
 */
import { campaignLimits, isOptOutReply } from "@balcao/contracts";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Context } from "../../context.js";
import { rowsOf } from "../../db/rows.js";
import { campaigns, messages } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { JobDefinition } from "../../jobs/jobs.js";
import { campaignSettings } from "../campaign-settings/campaign-settings.js";
import { loadAttachments, providerWords, sendMain } from "./campaign-send.js";
import { recordOutcome, type Outcome } from "./shipping-steps.js";

const payload = z.object({
  companyId: z.number().int().positive(),
  whatsappId: z.number().int().positive(),
  number: z.string().max(64),
  messageId: z.number().int().positive(),
});
type Payload = z.infer<typeof payload>;

export const campaignReply: JobDefinition<Payload> = {
  name: "campaign-reply",
  payload,
  // A connection not running yet is waited for through the retries (nothing is claimed before it runs).
  policy: { retryLimit: 8, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  companyOf: (_ctx, data) => data.companyId,
  run: (ctx, data) => followReply(ctx, data),
};

const replyWindow = sql.raw(`interval '${campaignLimits.replyWindowMs / 1000} seconds'`);

async function followReply(ctx: Context, data: Payload): Promise<void> {
  const message = await ctx.db.query.messages.findFirst({
    where: and(eq(messages.id, data.messageId), eq(messages.companyId, data.companyId)),
    columns: { body: true },
  });
  if (!message || !data.number) return;
  const { optOutWords } = await campaignSettings(ctx, data.companyId);
  if (isOptOutReply(message.body, optOutWords)) return optOut(ctx, data);
  await confirm(ctx, data);
}

/** The number opts out of the company's campaigns: its rows not sent yet in campaigns under way go with it. */
async function optOut(ctx: Context, { companyId, whatsappId, number }: Payload): Promise<void> {
  await ctx.events.transaction(async (t) => {
    await t.db.execute(sql`
      insert into campaign_opt_outs (company_id, number, campaign_id)
      select ${companyId}, ${number}, (
        select campaign_id from campaign_shipping
        where whatsapp_id = ${whatsappId} and number = ${number} and last_sent_at is not null
        order by last_sent_at desc limit 1)
      on conflict do nothing`);
    const changed = await rowsOf<{ campaignId: number }>(
      t.db,
      sql`
      update campaign_shipping s set status = 'opted_out', updated_at = now()
      from campaigns c
      where c.id = s.campaign_id and c.company_id = ${companyId}
        and c.status in ('PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA')
        and s.number = ${number} and s.status in ('pending', 'awaiting')
      returning s.campaign_id as "campaignId"`,
    );
    for (const campaignId of new Set(changed.map((r) => r.campaignId)))
      t.record("campaign.updated", { companyId, campaignId });
  });
  ctx.log.info({ companyId, number }, "number opted out of campaigns");
}

interface Awaiting {
  id: number;
  campaignId: number;
  message: string;
}

/** The row awaiting this number's reply on this connection, latest first, of a campaign not canceled. */
async function awaiting(ctx: Context, { companyId, whatsappId, number }: Payload): Promise<Awaiting | undefined> {
  const [row] = await rowsOf<Awaiting>(
    ctx.db,
    sql`
    select s.id, s.campaign_id as "campaignId", s.message
    from campaign_shipping s join campaigns c on c.id = s.campaign_id
    where s.whatsapp_id = ${whatsappId} and s.number = ${number} and s.status = 'awaiting'
      and s.last_sent_at > now() - ${replyWindow}
      and c.company_id = ${companyId} and c.status in ('EM_ANDAMENTO', 'FINALIZADA')
    order by s.last_sent_at desc limit 1`,
  );
  return row;
}

/** The main message after the confirmation's reply: claimed, sent, settled. */
async function confirm(ctx: Context, data: Payload): Promise<void> {
  const row = await awaiting(ctx, data);
  if (!row) return;
  const sender = ctx.channels.sender(data.whatsappId);
  if (!sender) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
  const claimed = await rowsOf<{ id: number }>(
    ctx.db,
    sql`
    update campaign_shipping set status = 'confirming', confirmed_at = now(), updated_at = now()
    where id = ${row.id} and status = 'awaiting' returning id`,
  );
  // Another reply of the same customer took it.
  if (claimed.length === 0) return;
  const campaign = await ctx.db.query.campaigns.findFirst({ where: eq(campaigns.id, row.campaignId) });
  if (!campaign) return;
  let outcome: Outcome;
  try {
    const sent = await sendMain(sender, data.number, row.message, await loadAttachments(ctx, campaign));
    outcome = { kind: "delivered", wid: sent.wid, ...(sent.fileError ? { error: sent.fileError } : {}) };
  } catch (err) {
    ctx.log.warn({ err, campaignId: row.campaignId, shippingId: row.id }, "campaign message refused");
    outcome = { kind: "failed", error: providerWords(err) };
  }
  await ctx.events.transaction(async (t) => {
    await recordOutcome(t, row.id, "confirming", outcome);
    t.record("campaign.updated", { companyId: data.companyId, campaignId: row.campaignId });
  });
}
