/**
 * The flow name dialog's form (automation-areas §5 "Flow name"): 2 to 50
 * characters, with "Digite um nome!", "Muito curto!" and "Muito longo!"
 * (i18n keys of flows.form, translated where shown).
 */
import { flowLimits, type FlowSummary } from "@balcao/contracts";
import { z } from "zod";

const m = (key: string) => `flows.form.${key}`;

export const flowNameFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, m("nameRequired"))
    .min(flowLimits.nameMin, m("nameShort"))
    .max(flowLimits.nameMax, m("nameLong")),
});

export type FlowNameFormValues = z.infer<typeof flowNameFormSchema>;

/** POST /flowbuilder {name}. */
export function toCreateBody(values: FlowNameFormValues) {
  return { name: values.name.trim() };
}

/** PUT /flowbuilder {name, flowId, active} (the id in the body, issue 18); a rename keeps the flow's state. */
export function toUpdateBody(flow: FlowSummary, changes: Partial<Pick<FlowSummary, "name" | "active">>) {
  return { flowId: flow.id, name: (changes.name ?? flow.name).trim(), active: changes.active ?? flow.active };
}
