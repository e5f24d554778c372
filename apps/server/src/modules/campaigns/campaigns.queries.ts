/**
 * Campaign reads, every one scoped by the company: the campaign with the
 * names of what it points at, a page of them, their report counters, and
 * their shipping rows. The dispatch code (campaign-run.ts and its jobs)
 * reads campaigns through findCampaign and campaignReports too.
 */
import { campaignLimits, type CampaignReport, type ShippingStatus } from "@balcao/contracts";
import { and, asc, count, desc, eq, gt, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  campaigns,
  campaignShipping,
  contactListItems,
  contactLists,
  contacts,
  fileLists,
  tags,
  tickets,
  ticketTags,
  whatsapps,
} from "../../db/schema/index.js";
import { containsPattern } from "../../db/search.js";

export type CampaignRecord = typeof campaigns.$inferSelect;
type Named = { id: number; name: string } | null;
export interface CampaignRow {
  campaign: CampaignRecord;
  whatsapp: Named;
  contactList: Named;
  tag: Named;
  fileList: Named;
}

/** The campaign with the names of its connection, list, tag and file list (the company's own only). */
function rowsWhere(db: Db, where: SQL | undefined) {
  return db
    .select({
      campaign: campaigns,
      whatsapp: { id: whatsapps.id, name: whatsapps.name },
      contactList: { id: contactLists.id, name: contactLists.name },
      tag: { id: tags.id, name: tags.name },
      fileList: { id: fileLists.id, name: fileLists.name },
    })
    .from(campaigns)
    .leftJoin(whatsapps, and(eq(whatsapps.id, campaigns.whatsappId), eq(whatsapps.companyId, campaigns.companyId)))
    .leftJoin(
      contactLists,
      and(eq(contactLists.id, campaigns.contactListId), eq(contactLists.companyId, campaigns.companyId)),
    )
    .leftJoin(tags, and(eq(tags.id, campaigns.tagId), eq(tags.companyId, campaigns.companyId)))
    .leftJoin(fileLists, and(eq(fileLists.id, campaigns.fileListId), eq(fileLists.companyId, campaigns.companyId)))
    .where(where);
}

export async function findCampaign(db: Db, companyId: number, id: number): Promise<CampaignRow | undefined> {
  const [row] = await rowsWhere(db, and(eq(campaigns.id, id), eq(campaigns.companyId, companyId)));
  return row;
}

/** One page, newest first, searched by name (the client lowercases; ILIKE ignores case anyway). */
export async function pageOfCampaigns(db: Db, companyId: number, searchParam: string, pageNumber: number) {
  const own = eq(campaigns.companyId, companyId);
  const where = searchParam ? and(own, ilike(campaigns.name, containsPattern(searchParam))) : own;
  const [rows, [total]] = await Promise.all([
    rowsWhere(db, where)
      .orderBy(desc(campaigns.id))
      .limit(campaignLimits.pageSize)
      .offset((pageNumber - 1) * campaignLimits.pageSize),
    db.select({ n: count() }).from(campaigns).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

const counted = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;
const statusIn = (...statuses: ShippingStatus[]) => inArray(campaignShipping.status, statuses);

/** A tag's recipients before the campaign builds its rows: the company's non-group contacts with a number on a ticket with the tag. */
const taggedContacts = sql<number>`(
  select count(distinct ${tickets.contactId})::int
  from ${ticketTags}
  join ${tickets} on ${tickets.id} = ${ticketTags.ticketId} and ${tickets.companyId} = ${campaigns.companyId}
  join ${contacts} on ${contacts.id} = ${tickets.contactId}
  where ${ticketTags.tagId} = ${campaigns.tagId} and ${contacts.number} <> '' and not ${contacts.isGroup}
)`;

const validListItems = sql<number>`(
  select count(*)::int from ${contactListItems}
  where ${contactListItems.contactListId} = ${campaigns.contactListId}
    and ${contactListItems.companyId} = ${campaigns.companyId}
    and ${contactListItems.isWhatsappValid}
)`;

/**
 * The report of each campaign (§2.13 valid and delivered; the rest beyond
 * the anchors), from one grouped scan of their shipping rows. validContacts:
 * a list's items checked valid; a tag campaign's recipients (its rows once
 * started, the tagged contacts before).
 */
export async function campaignReports(
  db: Db,
  companyId: number,
  campaignIds: number[],
): Promise<Map<number, CampaignReport>> {
  const reports = new Map<number, CampaignReport>();
  if (campaignIds.length === 0) return reports;
  const s = db
    .select({
      campaignId: campaignShipping.campaignId,
      recipients: sql<number>`count(*)::int`.as("recipients"),
      delivered: counted(statusIn("delivered")).as("delivered"),
      failed: counted(statusIn("failed")).as("failed"),
      unknown: counted(statusIn("unknown")).as("unknown"),
      optedOut: counted(statusIn("opted_out")).as("opted_out"),
      confirmationRequested: counted(sql`${campaignShipping.confirmationRequestedAt} is not null`).as("requested"),
      confirmed: counted(sql`${campaignShipping.confirmedAt} is not null`).as("confirmed"),
      pending: counted(statusIn("pending", "sending", "awaiting", "confirming")).as("pending"),
    })
    .from(campaignShipping)
    .where(and(eq(campaignShipping.companyId, companyId), inArray(campaignShipping.campaignId, campaignIds)))
    .groupBy(campaignShipping.campaignId)
    .as("s");
  const rows = await db
    .select({
      id: campaigns.id,
      recipients: sql<number>`coalesce(${s.recipients}, 0)`,
      delivered: sql<number>`coalesce(${s.delivered}, 0)`,
      failed: sql<number>`coalesce(${s.failed}, 0)`,
      unknown: sql<number>`coalesce(${s.unknown}, 0)`,
      optedOut: sql<number>`coalesce(${s.optedOut}, 0)`,
      confirmationRequested: sql<number>`coalesce(${s.confirmationRequested}, 0)`,
      confirmed: sql<number>`coalesce(${s.confirmed}, 0)`,
      pending: sql<number>`coalesce(${s.pending}, 0)`,
      validContacts: sql<number>`case
        when ${campaigns.contactListId} is not null then ${validListItems}
        when ${campaigns.tagId} is null then 0
        when ${s.recipients} > 0 then ${s.recipients}
        else ${taggedContacts} end`,
    })
    .from(campaigns)
    .leftJoin(s, eq(s.campaignId, campaigns.id))
    .where(and(eq(campaigns.companyId, companyId), inArray(campaigns.id, campaignIds)));
  for (const { id, ...report } of rows) reports.set(id, report);
  return reports;
}

/** Every shipping row of a campaign, in order (GET /campaigns/{id}: §3 "shipping[]"). */
export function shippingSummary(db: Db, companyId: number, campaignId: number) {
  return db
    .select({ id: campaignShipping.id, number: campaignShipping.number, deliveredAt: campaignShipping.deliveredAt })
    .from(campaignShipping)
    .where(and(eq(campaignShipping.companyId, companyId), eq(campaignShipping.campaignId, campaignId)))
    .orderBy(asc(campaignShipping.id));
}

export type ShippingRecord = typeof campaignShipping.$inferSelect;

export interface ShippingFilter {
  searchParam: string;
  status?: ShippingStatus;
}

function shippingWhere(companyId: number, campaignId: number, f: ShippingFilter): SQL | undefined {
  const pattern = containsPattern(f.searchParam);
  return and(
    eq(campaignShipping.companyId, companyId),
    eq(campaignShipping.campaignId, campaignId),
    f.status ? eq(campaignShipping.status, f.status) : undefined,
    f.searchParam ? or(ilike(campaignShipping.number, pattern), ilike(campaignShipping.name, pattern)) : undefined,
  );
}

/** The report's per-recipient table: one page by id, searched by number or name, of one status. */
export async function pageOfShipping(
  db: Db,
  companyId: number,
  campaignId: number,
  filter: ShippingFilter,
  pageNumber: number,
) {
  const where = shippingWhere(companyId, campaignId, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(campaignShipping)
      .where(where)
      .orderBy(asc(campaignShipping.id))
      .limit(campaignLimits.shippingPageSize)
      .offset((pageNumber - 1) * campaignLimits.shippingPageSize),
    db.select({ n: count() }).from(campaignShipping).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** The rows after `afterId`, in id order: the export reads a campaign in batches by keyset. */
export function shippingBatch(db: Db, companyId: number, campaignId: number, afterId: number, size: number) {
  return db
    .select({
      id: campaignShipping.id,
      number: campaignShipping.number,
      name: campaignShipping.name,
      status: campaignShipping.status,
      variant: campaignShipping.variant,
      deliveredAt: campaignShipping.deliveredAt,
      error: campaignShipping.error,
    })
    .from(campaignShipping)
    .where(
      and(
        eq(campaignShipping.companyId, companyId),
        eq(campaignShipping.campaignId, campaignId),
        gt(campaignShipping.id, afterId),
      ),
    )
    .orderBy(asc(campaignShipping.id))
    .limit(size);
}
