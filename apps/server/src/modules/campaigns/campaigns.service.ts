/**
 * Campaigns (business-areas §2.11, §3, §4 "Campaign", §7; SERVER-BEHAVIOUR
 * "Campaigns"): the HTTP side's rules. Sending is campaign-run.ts and its jobs.
 *
 * - Every user of the company (with campaigns in the plan) reads and writes
 *   the company's campaigns; another company's answer 404.
 * - A new campaign is INATIVA; saved with scheduledAt it is PROGRAMADA, which
 *   needs a startable campaign (a connection, recipients, a message) and
 *   queues its start in the same transaction. Clearing scheduledAt makes it
 *   INATIVA again (its start job then finds nothing to do).
 * - §4: editable while INATIVA, or PROGRAMADA more than an hour ahead; a
 *   CANCELADA campaign takes only its texts (a restart sends them); anything
 *   else is refused with ERR_CAMPAIGN_NOT_EDITABLE and nothing changes.
 * - Ids in the body must be the company's own (404 otherwise).
 * - Deleting works in any status: a running dispatch finds it gone.
 * Changes are recorded as campaign.* events (campaigns.subscribers.ts
 * publishes them).
 */
import {
  campaignConfirmationFields,
  campaignLimits,
  campaignMessageFields,
  isCampaignEditable,
  type CampaignConfirmationField,
  type CampaignDetailDto,
  type CampaignDto,
  type CampaignMessageField,
  type CampaignPage,
  type CampaignSave,
  type ErrorCode,
} from "@balcao/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { Tx } from "../../db/client.js";
import { campaigns, contactLists, fileLists, tags, whatsapps } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";
import { AppError } from "../../http/errors.js";
import { settingValue } from "../settings/settings.queries.js";
import { assertStartable, queueCampaignStart } from "./campaign-run.js";
import { scheduledInstant } from "./campaign-time.js";
import { campaignDto, presentCampaignDetail, presentCampaigns } from "./campaigns.presenter.js";
import { findCampaign, pageOfCampaigns, type CampaignRecord, type CampaignRow } from "./campaigns.queries.js";

export async function listCampaignsPage(
  ctx: Context,
  companyId: number,
  searchParam: string,
  pageNumber: number,
): Promise<CampaignPage> {
  const { rows, count } = await pageOfCampaigns(ctx.db, companyId, searchParam.trim(), pageNumber);
  const hasMore = count > (pageNumber - 1) * campaignLimits.pageSize + rows.length;
  return { records: await presentCampaigns(ctx.db, companyId, rows), hasMore, count };
}

export async function loadCampaign(ctx: Context, companyId: number, id: number): Promise<CampaignRow> {
  const row = await findCampaign(ctx.db, companyId, id);
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return row;
}

export async function showCampaign(ctx: Context, companyId: number, id: number): Promise<CampaignDetailDto> {
  return presentCampaignDetail(ctx.db, companyId, await loadCampaign(ctx, companyId, id));
}

/** The campaign as saved, for the answer. */
export async function savedCampaign(ctx: Context, companyId: number, id: number): Promise<CampaignDto> {
  const dto = await campaignDto(ctx.db, companyId, id);
  if (!dto) throw new AppError("ERR_NOT_FOUND");
  return dto;
}

/** The campaign locked for a change. */
export async function lockCampaign(tx: Tx, companyId: number, id: number): Promise<CampaignRecord> {
  const [row] = await tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.companyId, companyId)))
    .for("update");
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return row;
}

/** §4: a CANCELADA campaign keeps its texts (and attachment) editable for a restart. */
export function takesTextsOnly(row: Pick<CampaignRecord, "status">): boolean {
  return row.status === "CANCELADA";
}

/** Locked, and refused unless editable (or, with `orCanceled`, CANCELADA). */
export async function lockEditable(tx: Tx, companyId: number, id: number, orCanceled: boolean) {
  const row = await lockCampaign(tx, companyId, id);
  if (!isCampaignEditable(row) && !(orCanceled && takesTextsOnly(row))) throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE");
  return row;
}

type TextField = CampaignMessageField | CampaignConfirmationField;
const textFields: readonly TextField[] = [...campaignMessageFields, ...campaignConfirmationFields];

function textsOf(input: CampaignSave): Pick<CampaignSave, TextField> {
  return Object.fromEntries(textFields.map((field) => [field, input[field]])) as Pick<CampaignSave, TextField>;
}

type OwnedTable = typeof whatsapps | typeof contactLists | typeof tags | typeof fileLists;
const refTables: {
  field: "whatsappId" | "contactListId" | "tagListId" | "fileListId";
  table: OwnedTable;
  code: ErrorCode;
}[] = [
  { field: "whatsappId", table: whatsapps, code: "ERR_NO_WAPP_FOUND" },
  { field: "contactListId", table: contactLists, code: "ERR_NOT_FOUND" },
  { field: "tagListId", table: tags, code: "ERR_NOT_FOUND" },
  { field: "fileListId", table: fileLists, code: "ERR_NOT_FOUND" },
];

/** Every id the body names is one of the company's own. */
async function assertOwnRefs(tx: Tx, companyId: number, input: CampaignSave): Promise<void> {
  for (const { field, table, code } of refTables) {
    const id = input[field];
    if (id === null) continue;
    const found = await tx.execute(
      sql`select 1 from ${table} where ${table.id} = ${id} and ${table.companyId} = ${companyId}`,
    );
    if ((found as { rows: unknown[] }).rows.length === 0) throw new AppError(code, { field });
  }
}

/** The columns a whole save writes; the status follows scheduledAt. */
function fieldsOf(input: CampaignSave, scheduledAt: Date | null) {
  return {
    name: input.name,
    contactListId: input.contactListId,
    tagId: input.tagListId,
    whatsappId: input.whatsappId,
    fileListId: input.fileListId,
    confirmation: input.confirmation,
    scheduledAt,
    status: scheduledAt ? ("PROGRAMADA" as const) : ("INATIVA" as const),
    ...textsOf(input),
  };
}

/** "YYYY-MM-DD HH:mm:ss" in the company's time zone; a zoned ISO string as given. */
async function scheduledAtOf(tx: Tx, companyId: number, input: CampaignSave): Promise<Date | null> {
  if (input.scheduledAt === null) return null;
  return scheduledInstant(input.scheduledAt, () => settingValue(tx, companyId, "timezone"));
}

/** A PROGRAMADA campaign must be able to start, and its start is queued with it. */
async function scheduleIfProgrammed(t: EventTransaction, row: CampaignRecord): Promise<void> {
  if (row.status !== "PROGRAMADA" || !row.scheduledAt) return;
  await assertStartable(t.db, row.companyId, row);
  await queueCampaignStart(t, { companyId: row.companyId, campaignId: row.id, scheduledAt: row.scheduledAt });
}

export async function createCampaign(ctx: Context, companyId: number, input: CampaignSave): Promise<CampaignDto> {
  const id = await ctx.events.transaction(async (t) => {
    await assertOwnRefs(t.db, companyId, input);
    const scheduledAt = await scheduledAtOf(t.db, companyId, input);
    const [row] = await t.db
      .insert(campaigns)
      .values({ companyId, ...fieldsOf(input, scheduledAt) })
      .returning();
    await scheduleIfProgrammed(t, row!);
    t.record("campaign.created", { companyId, campaignId: row!.id });
    return row!.id;
  });
  return savedCampaign(ctx, companyId, id);
}

export async function updateCampaign(
  ctx: Context,
  companyId: number,
  id: number,
  input: CampaignSave,
): Promise<CampaignDto> {
  await ctx.events.transaction(async (t) => {
    const before = await lockEditable(t.db, companyId, id, true);
    // CANCELADA: the rest of the body is ignored, however it reads.
    const textsOnly = !isCampaignEditable(before);
    if (!textsOnly) await assertOwnRefs(t.db, companyId, input);
    const changes = textsOnly ? textsOf(input) : fieldsOf(input, await scheduledAtOf(t.db, companyId, input));
    const [row] = await t.db
      .update(campaigns)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(campaigns.id, id))
      .returning();
    if (!textsOnly) await scheduleIfProgrammed(t, row!);
    t.record("campaign.updated", { companyId, campaignId: id });
  });
  return savedCampaign(ctx, companyId, id);
}

export async function deleteCampaign(ctx: Context, companyId: number, id: number): Promise<void> {
  const gone = await ctx.events.transaction(async (t) => {
    const [row] = await t.db
      .delete(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.companyId, companyId)))
      .returning({ mediaPath: campaigns.mediaPath });
    if (!row) throw new AppError("ERR_NOT_FOUND");
    t.record("campaign.deleted", { companyId, campaignId: id });
    return row;
  });
  await ctx.media.remove(gone.mediaPath);
}
