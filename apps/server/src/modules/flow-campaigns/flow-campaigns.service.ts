/**
 * Phrase campaigns (issue 18 item 4; automation-areas §7 "Flow campaigns"): the only writer of
 * flow_campaigns. The flow and the connection must be the company's (another company's answers
 * as if it did not exist, naming the field); a new campaign is active unless sent otherwise; the
 * phrase is kept as typed and compared as phraseKey() (trimmed, lower case, no accents); two active
 * campaigns with one phrase on one connection are refused (ERR_FLOW_CAMPAIGN_PHRASE_TAKEN: checked
 * first for a clear answer, and by the partial unique index against a race, mapped in http/errors.ts).
 */
import {
  phraseKey,
  type FlowCampaign,
  type flowCampaignFieldsSchema,
  type flowCampaignUpdateSchema,
} from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Context } from "../../context.js";
import { flowCampaigns } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { countOwnFlows } from "../flows/flows.queries.js";
import { findWhatsapp } from "../whatsapps/whatsapps.queries.js";
import { presentFlowCampaign } from "./flow-campaigns.presenter.js";
import { findFlowCampaign, listFlowCampaigns, phraseTaken, type FlowCampaignRow } from "./flow-campaigns.queries.js";

type CampaignFields = z.infer<typeof flowCampaignFieldsSchema>;
type CampaignUpdate = z.infer<typeof flowCampaignUpdateSchema>;

export async function getFlowCampaigns(ctx: Context, companyId: number): Promise<{ flow: FlowCampaign[] }> {
  return { flow: (await listFlowCampaigns(ctx.db, companyId)).map(presentFlowCampaign) };
}

/** Another company's campaign answers 404 as if it did not exist. */
async function loadFlowCampaign(ctx: Context, companyId: number, id: number): Promise<FlowCampaignRow> {
  const row = await findFlowCampaign(ctx.db, companyId, id);
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return row;
}

export async function showFlowCampaign(ctx: Context, companyId: number, id: number) {
  return { details: presentFlowCampaign(await loadFlowCampaign(ctx, companyId, id)) };
}

async function checkInput(ctx: Context, companyId: number, input: CampaignFields, status: boolean, exceptId?: number) {
  if ((await countOwnFlows(ctx.db, companyId, [input.flowId])) !== 1) {
    throw new AppError("ERR_NOT_FOUND", { field: "flowId" });
  }
  if (input.whatsappId !== null && !(await findWhatsapp(ctx.db, companyId, input.whatsappId))) {
    throw new AppError("ERR_NOT_FOUND", { field: "whatsappId" });
  }
  const key = phraseKey(input.phrase);
  if (status && (await phraseTaken(ctx.db, { companyId, whatsappId: input.whatsappId, phraseKey: key, exceptId }))) {
    throw new AppError("ERR_FLOW_CAMPAIGN_PHRASE_TAKEN");
  }
}

const columnsOf = (input: CampaignFields, status: boolean) => ({
  name: input.name,
  flowId: input.flowId,
  whatsappId: input.whatsappId,
  phrase: input.phrase,
  phraseKey: phraseKey(input.phrase),
  status,
});

export async function createFlowCampaign(
  ctx: Context,
  companyId: number,
  input: CampaignFields,
): Promise<FlowCampaign> {
  const status = input.status ?? true;
  await checkInput(ctx, companyId, input, status);
  const [row] = await ctx.db
    .insert(flowCampaigns)
    .values({ ...columnsOf(input, status), companyId })
    .returning();
  return presentFlowCampaign(row!);
}

/** A status left out stays as it is. */
export async function updateFlowCampaign(
  ctx: Context,
  companyId: number,
  input: CampaignUpdate,
): Promise<FlowCampaign> {
  const current = await loadFlowCampaign(ctx, companyId, input.id);
  const status = input.status ?? current.status;
  await checkInput(ctx, companyId, input, status, current.id);
  const [row] = await ctx.db
    .update(flowCampaigns)
    .set({ ...columnsOf(input, status), updatedAt: new Date() })
    .where(and(eq(flowCampaigns.id, current.id), eq(flowCampaigns.companyId, companyId)))
    .returning();
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return presentFlowCampaign(row);
}

export async function deleteFlowCampaign(ctx: Context, companyId: number, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(flowCampaigns)
    .where(and(eq(flowCampaigns.id, id), eq(flowCampaigns.companyId, companyId)))
    .returning({ id: flowCampaigns.id });
  if (deleted.length === 0) throw new AppError("ERR_NOT_FOUND");
}
