/**
 * A queue's business hours always hold the seven weekdays, Monday to Sunday.
 * A day the client sends replaces that day of `base` (the stored hours); a day
 * it leaves out keeps its stored hours, or gets the §9 default.
 */
import { defaultWeekdayHours, weekdayLabels, type weekdayHoursSchema, type WeekdayHours } from "@balcao/contracts";
import type { z } from "zod";

type HoursInput = z.infer<typeof weekdayHoursSchema>;

export function mergeSchedules(base: WeekdayHours[], given: HoursInput[] = []): WeekdayHours[] {
  return defaultWeekdayHours().map((fallback) => {
    const day = fallback.weekdayEn;
    const sent = given.find((h) => h.weekdayEn === day);
    if (sent) return { ...sent, weekday: sent.weekday || weekdayLabels[day] };
    return base.find((h) => h.weekdayEn === day) ?? fallback;
  });
}
