/** Campaigns as the spec's client reads them (business-areas §3 "Campaign", §2.13), with their report. */
import type { CampaignDetailDto, CampaignDto, CampaignReport, CampaignShippingDto } from "@balcao/contracts";
import type { Db } from "../../db/client.js";
import { mediaUrlOf } from "../messages/messages.presenter.js";
import {
  campaignReports,
  findCampaign,
  shippingSummary,
  type CampaignRow,
  type ShippingRecord,
} from "./campaigns.queries.js";

const noReport: CampaignReport = {
  validContacts: 0,
  recipients: 0,
  delivered: 0,
  failed: 0,
  unknown: 0,
  optedOut: 0,
  confirmationRequested: 0,
  confirmed: 0,
  pending: 0,
};

export function presentCampaign({ campaign: c, ...refs }: CampaignRow, report: CampaignReport): CampaignDto {
  return {
    id: c.id,
    name: c.name,
    message1: c.message1,
    message2: c.message2,
    message3: c.message3,
    message4: c.message4,
    message5: c.message5,
    confirmationMessage1: c.confirmationMessage1,
    confirmationMessage2: c.confirmationMessage2,
    confirmationMessage3: c.confirmationMessage3,
    confirmationMessage4: c.confirmationMessage4,
    confirmationMessage5: c.confirmationMessage5,
    confirmation: c.confirmation,
    status: c.status,
    scheduledAt: c.scheduledAt?.toISOString() ?? null,
    completedAt: c.completedAt?.toISOString() ?? null,
    whatsappId: c.whatsappId,
    whatsapp: refs.whatsapp,
    contactListId: c.contactListId,
    contactList: refs.contactList,
    tagId: c.tagId,
    tagListId: c.tagId,
    tag: refs.tag,
    fileListId: c.fileListId,
    fileList: refs.fileList,
    companyId: c.companyId,
    // The media route's path, which the modal reads with the token.
    mediaPath: mediaUrlOf(c.mediaPath),
    mediaName: c.mediaName,
    report,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** A page of campaigns, their reports read together. */
export async function presentCampaigns(db: Db, companyId: number, rows: CampaignRow[]): Promise<CampaignDto[]> {
  const reports = await campaignReports(
    db,
    companyId,
    rows.map((r) => r.campaign.id),
  );
  return rows.map((r) => presentCampaign(r, reports.get(r.campaign.id) ?? noReport));
}

/** The campaign as it is now, or undefined once deleted. */
export async function campaignDto(db: Db, companyId: number, id: number): Promise<CampaignDto | undefined> {
  const row = await findCampaign(db, companyId, id);
  return row && (await presentCampaigns(db, companyId, [row]))[0];
}

export async function presentCampaignDetail(db: Db, companyId: number, row: CampaignRow): Promise<CampaignDetailDto> {
  const [[dto], shipping] = await Promise.all([
    presentCampaigns(db, companyId, [row]),
    shippingSummary(db, companyId, row.campaign.id),
  ]);
  return {
    ...dto!,
    shipping: shipping.map((s) => ({ id: s.id, number: s.number, deliveredAt: s.deliveredAt?.toISOString() ?? null })),
  };
}

export function presentShipping(s: ShippingRecord): CampaignShippingDto {
  return {
    id: s.id,
    number: s.number,
    name: s.name,
    status: s.status,
    variant: s.variant,
    message: s.message,
    confirmationRequestedAt: s.confirmationRequestedAt?.toISOString() ?? null,
    confirmedAt: s.confirmedAt?.toISOString() ?? null,
    deliveredAt: s.deliveredAt?.toISOString() ?? null,
    error: s.error,
  };
}
