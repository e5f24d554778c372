/**
 * The queue modal's form (business-areas §5 "Queue"). Messages are i18n keys,
 * translated where the error is shown, so a language switch applies.
 */
import { defaultWeekdayHours, normaliseColor, queueLimits, weekdayHoursSchema, type QueueDto } from "@balcao/contracts";
import { z } from "zod";
import { nameField } from "../common/nameField";

const m = (key: string) => `queueModal.form.${key}`;

export const queueFormSchema = z.object({
  name: nameField("queueModal.form"),
  color: z
    .string()
    .trim()
    .min(1, m("colorRequired"))
    .min(queueLimits.colorMin, m("colorShort"))
    .max(queueLimits.colorMax, m("colorLong"))
    .refine((v) => normaliseColor(v) !== null, m("colorInvalid")),
  /** Text inputs and selects hold strings; "" is none. */
  orderQueue: z.string().regex(/^\d{0,4}$/, m("orderInvalid")),
  integrationId: z.string(),
  promptId: z.string(),
  greetingMessage: z.string().max(queueLimits.messageMax),
  outOfHoursMessage: z.string().max(queueLimits.messageMax),
  schedules: z.array(weekdayHoursSchema.required()),
});

export type QueueFormValues = z.infer<typeof queueFormSchema>;

export function emptyQueueForm(): QueueFormValues {
  return {
    name: "",
    color: "",
    orderQueue: "",
    integrationId: "",
    promptId: "",
    greetingMessage: "",
    outOfHoursMessage: "",
    schedules: defaultWeekdayHours(),
  };
}

const idText = (id: number | null) => (id === null ? "" : String(id));

export function toFormValues(queue: QueueDto): QueueFormValues {
  return {
    name: queue.name,
    color: queue.color,
    orderQueue: idText(queue.orderQueue),
    integrationId: idText(queue.integrationId),
    promptId: idText(queue.promptId),
    greetingMessage: queue.greetingMessage,
    outOfHoursMessage: queue.outOfHoursMessage,
    schedules: queue.schedules.length ? queue.schedules : defaultWeekdayHours(),
  };
}

const idOrNull = (v: string) => (v === "" ? null : Number(v));

/** The body of POST and PUT /queue (business-areas §7). */
export function toSaveBody(values: QueueFormValues) {
  return {
    name: values.name,
    color: values.color,
    greetingMessage: values.greetingMessage,
    outOfHoursMessage: values.outOfHoursMessage,
    orderQueue: idOrNull(values.orderQueue),
    integrationId: idOrNull(values.integrationId),
    promptId: idOrNull(values.promptId),
    schedules: values.schedules,
  };
}
