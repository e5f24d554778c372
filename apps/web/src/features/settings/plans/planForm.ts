/**
 * The plan form of the Plans tab (core-platform §2.18, §3 Plan): name, the
 * user / connection / queue limits, the media storage in megabytes (issue 29
 * item 9), the monthly value and the feature flags, on by default. Messages are i18n keys, translated where they are shown.
 */
import { limits, planFlags, planLimits, type PlanDto, type PlanFlag } from "@balcao/contracts";
import { z } from "zod";
import { msg } from "../../auth/auth-schemas";

const wholeNumber = (max: number) =>
  z
    .string()
    .trim()
    .min(1, msg.required)
    .regex(/^\d+$/, "plans.form.wholeNumber")
    .refine((v) => Number(v) <= max, msg.tooLong);
const count = wholeNumber(planLimits.countMax);

export const planFormSchema = z.object({
  name: z.string().trim().min(1, msg.required).min(limits.nameMin, msg.tooShort).max(limits.nameMax, msg.tooLong),
  users: count,
  connections: count,
  queues: count,
  storageMb: wholeNumber(planLimits.storageMbMax),
  /** Typed with a comma or a dot as the decimal separator. */
  value: z
    .string()
    .trim()
    .min(1, msg.required)
    .regex(/^\d+([.,]\d{1,2})?$/, "plans.form.money")
    .refine((v) => Number(v.replace(",", ".")) <= planLimits.valueMax, msg.tooLong),
  flags: z.record(z.enum(planFlags), z.boolean()),
});

export type PlanFormValues = z.infer<typeof planFormSchema>;

const allOn = () => Object.fromEntries(planFlags.map((f) => [f, true])) as Record<PlanFlag, boolean>;

export const emptyPlanForm = (): PlanFormValues => ({
  name: "",
  users: "0",
  connections: "0",
  queues: "0",
  storageMb: String(planLimits.storageMbDefault),
  value: "0",
  flags: allOn(),
});

export function toFormValues(plan: PlanDto): PlanFormValues {
  return {
    name: plan.name,
    users: String(plan.users),
    connections: String(plan.connections),
    queues: String(plan.queues),
    storageMb: String(plan.storageMb),
    value: plan.value.toFixed(2),
    flags: Object.fromEntries(planFlags.map((f) => [f, plan[f]])) as Record<PlanFlag, boolean>,
  };
}

/** The body of POST and PUT /plans (§7.3). */
export function toSaveBody(values: PlanFormValues) {
  return {
    name: values.name,
    users: Number(values.users),
    connections: Number(values.connections),
    queues: Number(values.queues),
    storageMb: Number(values.storageMb),
    value: Number(values.value.replace(",", ".")),
    ...values.flags,
  };
}
