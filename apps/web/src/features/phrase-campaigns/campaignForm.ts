/**
 * The phrase campaign dialog's form (automation-areas §5 "Flow campaign"):
 * name, flow and phrase must be filled (saving is blocked otherwise); a
 * missing connection is only flagged — the campaign then listens on every
 * connection (issue 18 item 5). Messages are i18n keys of phraseCampaigns.form.
 */
import { flowLimits, type FlowCampaign } from "@balcao/contracts";
import { z } from "zod";

const m = (key: string) => `phraseCampaigns.form.${key}`;

/** The longest campaign name the server takes (flowCampaignFieldsSchema). */
export const campaignNameMax = 100;

export const campaignFormSchema = z.object({
  name: z.string().trim().min(1, m("nameRequired")).max(campaignNameMax, m("nameLong")),
  flowId: z
    .number()
    .nullable()
    .refine((v): boolean => v !== null, m("flowRequired")),
  /** "" for none. */
  whatsappId: z.union([z.number(), z.literal("")]),
  phrase: z.string().trim().min(1, m("phraseRequired")).max(flowLimits.phraseMax, m("phraseLong")),
  status: z.boolean(),
});

export type CampaignFormValues = z.infer<typeof campaignFormSchema>;

/** GET /flowcampaign/{id} → {details}. */
export type CampaignDetails = Omit<FlowCampaign, "id">;

export function emptyCampaignForm(): CampaignFormValues {
  return { name: "", flowId: null, whatsappId: "", phrase: "", status: true };
}

export function toCampaignForm(details: CampaignDetails): CampaignFormValues {
  return {
    name: details.name,
    flowId: details.flowId,
    whatsappId: details.whatsappId ?? "",
    phrase: details.phrase,
    status: details.status,
  };
}

/** Flagged in the dialog, never blocking. */
export const missingConnection = (values: Pick<CampaignFormValues, "whatsappId">) => values.whatsappId === "";

/** POST /flowcampaign without an id, PUT /flowcampaign with it in the body (§7, issue 18). */
export function toCampaignBody(values: CampaignFormValues, id?: number) {
  const body = {
    name: values.name.trim(),
    flowId: values.flowId,
    whatsappId: values.whatsappId === "" ? null : values.whatsappId,
    phrase: values.phrase.trim(),
    status: values.status,
  };
  return id === undefined ? body : { id, ...body };
}
