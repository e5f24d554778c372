/**
 * Queues and their chatbot option tree (business-areas §2.4, §3, §5, §7, §9):
 * the shapes the queue modal sends and reads, validated alike by server and form.
 */
import { z } from "zod";
import { limits } from "../constants.js";
import { idSchema, intSchema, optionalId } from "./ids.js";

export const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof weekdays)[number];

/** The Portuguese label stored as `weekday` when the client sends none (the spec's client sends these). */
export const weekdayLabels: Record<Weekday, string> = {
  monday: "Segunda-feira",
  tuesday: "Terça-feira",
  wednesday: "Quarta-feira",
  thursday: "Quinta-feira",
  friday: "Sexta-feira",
  saturday: "Sábado",
  sunday: "Domingo",
};

export interface WeekdayHours {
  weekday: string;
  weekdayEn: Weekday;
  startTime: string;
  endTime: string;
}

/** §9: Monday to Friday 08:00–18:00, Saturday 08:00–12:00, Sunday 00:00–00:00. */
export function defaultWeekdayHours(): WeekdayHours[] {
  const hours = (day: Weekday): [string, string] =>
    day === "saturday" ? ["08:00", "12:00"] : day === "sunday" ? ["00:00", "00:00"] : ["08:00", "18:00"];
  return weekdays.map((day) => {
    const [startTime, endTime] = hours(day);
    return { weekday: weekdayLabels[day], weekdayEn: day, startTime, endTime };
  });
}

export const queueLimits = {
  colorMin: 3,
  colorMax: 9,
  messageMax: 10_000,
  optionTitleMax: 200,
  orderQueueMax: 9999,
} as const;

/** The colour picker's 50 swatches, in the order of §9. */
export const queuePalette = [
  "#B80000", "#DB3E00", "#FCCB00", "#008B02", "#006B76", "#1273DE", "#004DCF", "#5300EB", "#EB9694", "#FAD0C3",
  "#FEF3BD", "#C1E1C5", "#BEDADC", "#C4DEF6", "#BED3F3", "#D4C4FB", "#4D4D4D", "#999999", "#F44E3B", "#FE9200",
  "#FCDC00", "#DBDF00", "#A4DD00", "#68CCCA", "#73D8FF", "#AEA1FF", "#FDA1FF", "#333333", "#808080", "#cccccc",
  "#D33115", "#E27300", "#FCC400", "#B0BC00", "#68BC00", "#16A5A5", "#009CE0", "#7B64FF", "#FA28FF", "#666666",
  "#B3B3B3", "#9F0500", "#C45100", "#FB9E00", "#808900", "#194D33", "#0C797D", "#0062B1", "#653294", "#AB149E",
] as const; // prettier-ignore

/**
 * #rgb or #rrggbb in any case ('#' optional) as lower-case #rrggbb, or null.
 * One spelling per colour makes the unique index compare colours case-insensitively.
 */
export function normaliseColor(value: string): string | null {
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim())?.[1]?.toLowerCase();
  if (!hex) return null;
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex}`;
}

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;

export const weekdayHoursSchema = z.object({
  weekday: z.string().trim().max(50).optional(),
  weekdayEn: z.enum(weekdays),
  startTime: z.string().regex(hhmm),
  endTime: z.string().regex(hhmm),
});

/** Business hours as sent: at most one entry per weekday (the server fills the days left out). */
export const weekdayHoursListSchema = z
  .array(weekdayHoursSchema)
  .max(weekdays.length)
  .refine((list) => new Set(list.map((h) => h.weekdayEn)).size === list.length, "one entry per weekday");

const text = z.string().max(queueLimits.messageMax);

export const queueSaveSchema = z
  .object({
    name: z.string().trim().min(limits.nameMin).max(limits.nameMax),
    color: z
      .string()
      .min(queueLimits.colorMin)
      .max(queueLimits.colorMax)
      .transform((v, ctx) => {
        const color = normaliseColor(v);
        if (!color) ctx.addIssue({ code: "custom", message: "colour must be #rgb or #rrggbb" });
        return color ?? v;
      }),
    greetingMessage: text.optional(),
    outOfHoursMessage: text.optional(),
    complationMessage: text.optional(),
    ratingMessage: text.optional(),
    orderQueue: z
      .union([z.null(), z.literal(""), intSchema(0, queueLimits.orderQueueMax)])
      .transform((v) => (v === "" ? null : v))
      .optional(),
    integrationId: optionalId.optional(),
    promptId: optionalId.optional(),
    schedules: weekdayHoursListSchema.optional(),
  })
  // The client also sends fields it read (id, companyId, ...); they are ignored.
  .loose();
export type QueueSave = z.infer<typeof queueSaveSchema>;

/** -1 (or nothing, or null) lists the root options. */
const parentRef = z
  .union([z.null(), z.literal(""), z.literal("null"), intSchema(-1)])
  .optional()
  .transform((v) => (v === undefined || v === null || v === "" || v === "null" || v === -1 || v === 0 ? null : v));

export const queueOptionListQuerySchema = z.object({
  queueId: idSchema,
  parentId: parentRef,
});

const optionTitle = z.string().max(queueLimits.optionTitleMax);

export const queueOptionCreateSchema = z
  .object({
    title: optionTitle.optional().default(""),
    message: text.optional().default(""),
    queueId: idSchema,
    parentId: parentRef,
  })
  // `option` is sent too; the server numbers options itself (1-based among siblings).
  .loose();
export type QueueOptionCreate = z.infer<typeof queueOptionCreateSchema>;

export const queueOptionUpdateSchema = z
  .object({ title: optionTitle.optional(), message: text.optional() })
  // The editor sends the whole option back; queue, parent and number are not changed by an edit.
  .loose();
export type QueueOptionUpdate = z.infer<typeof queueOptionUpdateSchema>;

export interface QueueDto {
  id: number;
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  complationMessage: string;
  ratingMessage: string;
  orderQueue: number | null;
  integrationId: number | null;
  promptId: number | null;
  schedules: WeekdayHours[];
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

export interface QueueOptionDto {
  id: number;
  title: string;
  message: string;
  option: number;
  queueId: number;
  parentId: number | null;
}
