/**
 * A campaign's recipients and their shipping rows (SERVER-BEHAVIOUR
 * "Campaigns"): the contact list's items WhatsApp confirmed, or the company's
 * non-group contacts with a number on a ticket carrying the tag. Each row
 * holds the message rendered for its recipient from a random non-empty
 * variant (and, for a confirmation campaign, a random confirmation variant).
 *
 * Rows go in batches, one INSERT … SELECT from json_to_recordset per batch
 * (10,000 recipients in a few statements, not 10,000 round trips). The unique
 * (campaign, number) makes a second build (a restart) add only the recipients
 * without a row: a row sent, failed or unknown is never made again. A number
 * that opted out of the company's campaigns gets its row as opted_out,
 * nothing to send.
 */
import { campaignConfirmationFields, campaignMessageFields, type CampaignSettings } from "@balcao/contracts";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../db/rows.js";
import type { Db, Tx } from "../../db/client.js";
import type { campaigns } from "../../db/schema/index.js";

type Campaign = typeof campaigns.$inferSelect;
type Source = Db | Tx;

export interface Recipient {
  number: string;
  name: string;
  email: string;
  contactId: number | null;
}

/** Rows per INSERT: a few hundred kilobytes of JSON at most. */
const batchSize = 2_000;

/** The list's confirmed items (with the company's contact of that number, if any), in list order. */
function listRecipients(db: Source, companyId: number, contactListId: number) {
  return rowsOf<Recipient>(
    db,
    sql`
    select i.number, i.name, i.email, c.id as "contactId"
    from contact_list_items i
    left join contacts c on c.company_id = i.company_id and c.number = i.number and c.number <> ''
    where i.contact_list_id = ${contactListId} and i.company_id = ${companyId} and i.is_whatsapp_valid
    order by i.id`,
  );
}

/** Contacts with a number on any of the company's tickets tagged with the tag, once each. */
function tagRecipients(db: Source, companyId: number, tagId: number) {
  return rowsOf<Recipient>(
    db,
    sql`
    select distinct on (c.number) c.number, c.name, c.email, c.id as "contactId"
    from ticket_tags tt
    join tickets t on t.id = tt.ticket_id and t.company_id = ${companyId}
    join contacts c on c.id = t.contact_id
    where tt.tag_id = ${tagId} and not c.is_group and c.number <> ''
    order by c.number`,
  );
}

export async function recipientsOf(db: Source, campaign: Campaign): Promise<Recipient[]> {
  if (campaign.contactListId !== null) return listRecipients(db, campaign.companyId, campaign.contactListId);
  if (campaign.tagId !== null) return tagRecipients(db, campaign.companyId, campaign.tagId);
  return [];
}

/** The list's items not checked against WhatsApp yet (the start waits a while for them). */
export async function uncheckedCount(db: Source, campaign: Campaign): Promise<number> {
  if (campaign.contactListId === null) return 0;
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from contact_list_items
    where contact_list_id = ${campaign.contactListId} and company_id = ${campaign.companyId}
      and is_whatsapp_valid is null`,
  );
  return rows[0]?.n ?? 0;
}

/** Whether the campaign would have anyone to send to: a list item valid or still unchecked, or a tagged contact. */
export async function hasRecipients(db: Source, campaign: Campaign): Promise<boolean> {
  if (campaign.contactListId !== null) {
    const rows = await rowsOf<unknown>(
      db,
      sql`
      select 1 from contact_list_items
      where contact_list_id = ${campaign.contactListId} and company_id = ${campaign.companyId}
        and is_whatsapp_valid is not false
      limit 1`,
    );
    return rows.length > 0;
  }
  if (campaign.tagId === null) return false;
  const rows = await rowsOf<unknown>(
    db,
    sql`
    select 1 from ticket_tags tt
    join tickets t on t.id = tt.ticket_id and t.company_id = ${campaign.companyId}
    join contacts c on c.id = t.contact_id
    where tt.tag_id = ${campaign.tagId} and not c.is_group and c.number <> ''
    limit 1`,
  );
  return rows.length > 0;
}

interface Variant {
  variant: number;
  text: string;
}

/** The fields with text, numbered 1..5 as the modal's tabs. */
export function variantsOf(campaign: Campaign, fields: readonly (keyof Campaign)[]): Variant[] {
  return fields
    .map((field, i) => ({ variant: i + 1, text: String(campaign[field] ?? "").trim() }))
    .filter((v) => v.text !== "");
}

export const messageVariants = (campaign: Campaign) => variantsOf(campaign, campaignMessageFields);
export const confirmationVariants = (campaign: Campaign) => variantsOf(campaign, campaignConfirmationFields);

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

/**
 * `{nome}`, `{numero}`, `{email}` and the company's variables, single braces,
 * case aside; an unknown `{x}` stays as written; values are put in once.
 */
export function renderCampaignText(text: string, recipient: Recipient, variables: CampaignSettings["variables"]) {
  const values = new Map<string, string>();
  for (const v of variables) values.set(v.key.trim().toLowerCase(), v.value);
  values.set("nome", recipient.name);
  values.set("numero", recipient.number);
  values.set("email", recipient.email);
  return text.replace(/\{([\p{L}\p{N}_-]+)\}/gu, (whole, key: string) => values.get(key.toLowerCase()) ?? whole);
}

interface ShippingInput {
  number: string;
  name: string;
  email: string;
  contact_id: number | null;
  variant: number;
  message: string;
  confirmation_message: string | null;
}

function rowFor(campaign: Campaign, settings: CampaignSettings, r: Recipient): ShippingInput {
  const main = pick(messageVariants(campaign));
  const confirmations = confirmationVariants(campaign);
  const confirmation = campaign.confirmation && confirmations.length > 0 ? pick(confirmations) : undefined;
  return {
    number: r.number,
    name: r.name,
    email: r.email,
    contact_id: r.contactId,
    variant: main.variant,
    message: renderCampaignText(main.text, r, settings.variables),
    confirmation_message: confirmation ? renderCampaignText(confirmation.text, r, settings.variables) : null,
  };
}

/** One batch: the rows not made yet, opted-out numbers marked so. */
async function insertBatch(db: Source, campaign: Campaign, rows: ShippingInput[]): Promise<void> {
  await db.execute(sql`
    insert into campaign_shipping
      (company_id, campaign_id, whatsapp_id, contact_id, number, name, email, status, variant, message,
       confirmation_message)
    select ${campaign.companyId}, ${campaign.id}, ${campaign.whatsappId}, r.contact_id, r.number, r.name, r.email,
      case when o.number is null then 'pending' else 'opted_out' end, r.variant, r.message, r.confirmation_message
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(
      number text, name text, email text, contact_id int, variant smallint, message text, confirmation_message text)
    left join campaign_opt_outs o on o.company_id = ${campaign.companyId} and o.number = r.number
    on conflict (campaign_id, number) do nothing`);
}

/** Builds the rows of every recipient without one; answers how many recipients there are in all. */
export async function buildShipping(db: Source, campaign: Campaign, settings: CampaignSettings): Promise<number> {
  const recipients = await recipientsOf(db, campaign);
  if (recipients.length === 0 || messageVariants(campaign).length === 0) return recipients.length;
  for (let i = 0; i < recipients.length; i += batchSize)
    await insertBatch(
      db,
      campaign,
      recipients.slice(i, i + batchSize).map((r) => rowFor(campaign, settings, r)),
    );
  return recipients.length;
}
