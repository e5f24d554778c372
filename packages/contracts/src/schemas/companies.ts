/**
 * Companies (core-platform §3 Company, §4.6, §5 Company form, §7.3): what the
 * super user's company form and the company admin's business-hours tab send,
 * and the due-date arithmetic the server and the form's expiry button share.
 */
import { z } from "zod";
import { idSchema } from "./ids.js";
import { limits, recurrenceMonths, recurrences, type Recurrence } from "../constants.js";
import type { CompanyDto } from "../entities.js";
import { weekdayHoursSchema, weekdays } from "./queues.js";

export const companyLimits = { phoneMax: 15, pageSize: 20 } as const;

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a YYYY-MM-DD names a real calendar day (no 2025-02-30). */
export function isCalendarDay(value: string): boolean {
  const m = isoDay.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/**
 * `dueDate` plus the months of `recurrence` (§4.6). A day the target month
 * lacks becomes its last day: 31 January + 1 month is 28 (or 29) February.
 */
export function addRecurrence(dueDate: string, recurrence: Recurrence): string {
  const [y = 0, m = 1, d = 1] = dueDate.slice(0, 10).split("-").map(Number);
  const month = m - 1 + recurrenceMonths[recurrence];
  const lastDay = new Date(Date.UTC(y, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, month, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/**
 * The next due date on a renewal: the recurrence counted from the later of
 * today and the current due date (SERVER-BEHAVIOUR "Billing"), so a company
 * renewed late does not pay for days already gone. Dates are YYYY-MM-DD.
 */
export function renewDueDate(dueDate: string | null, recurrence: Recurrence, today: string): string {
  const from = dueDate && isCalendarDay(dueDate.slice(0, 10)) && dueDate.slice(0, 10) > today ? dueDate : today;
  return addRecurrence(from, recurrence);
}

const email = z.string().trim().toLowerCase().min(1).max(limits.emailMax).pipe(z.email());

/** Digits only; empty is no phone. */
const phone = z
  .union([z.string(), z.null()])
  .transform((v) => (v ?? "").replace(/\D/g, ""))
  .pipe(z.string().max(companyLimits.phoneMax))
  .transform((v) => v || null);

/** §3: a boolean in the form; sign-up sends 't'. */
const status = z
  .union([z.boolean(), z.enum(["t", "f", "true", "false"])])
  .transform((v) => v === true || v === "t" || v === "true");

/** §3: true, or the setting spellings 'true' and 'enabled'. */
const campaignsEnabled = z
  .union([z.boolean(), z.enum(["true", "false", "enabled", "disabled"])])
  .transform((v) => v === true || v === "true" || v === "enabled");

/** §3/§5: YYYY-MM-DD, or empty / null for none. An ISO timestamp's day is kept. */
const dueDate = z.union([z.string(), z.null()]).transform((v, ctx) => {
  const day = (v ?? "").trim().slice(0, 10);
  if (!day) return null;
  if (!isCalendarDay(day)) ctx.addIssue({ code: "custom", message: "dueDate must be YYYY-MM-DD" });
  return day;
});

/** An empty select is no choice: the stored recurrence stays, a new company gets MENSAL. */
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const recurrence = z.preprocess(blankToUndefined, z.enum(recurrences).optional());

const companyFields = z.object({
  name: z.string().trim().min(limits.nameMin).max(limits.nameMax),
  email,
  phone,
  planId: idSchema,
  status,
  campaignsEnabled,
  dueDate,
  recurrence,
});

/** POST /companies: email and plan required (§5); a password also creates the company's admin user. */
export const companyCreateSchema = companyFields
  .extend({
    phone: phone.optional().default(null),
    status: status.optional().default(true),
    campaignsEnabled: campaignsEnabled.optional().default(false),
    dueDate: dueDate.optional().default(null),
    recurrence: z.preprocess(blankToUndefined, z.enum(recurrences).default("MENSAL")),
    password: z
      .union([z.literal(""), z.string().min(limits.passwordMin).max(limits.passwordMax)])
      .optional()
      .transform((v) => v || undefined),
  })
  // The form sends back fields it read (id, plan, settings...); they are ignored.
  .loose();
export type CompanyCreate = z.infer<typeof companyCreateSchema>;

/** PUT /companies/{id}: a field left out keeps its value. */
export const companyUpdateSchema = companyFields.partial().loose();
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;

/** PUT /companies/{id}/schedules: the company's business hours, one entry per weekday. */
export const companySchedulesSchema = z
  .object({
    schedules: z
      .array(weekdayHoursSchema)
      .max(weekdays.length)
      .refine((list) => new Set(list.map((h) => h.weekdayEn)).size === list.length, "one entry per weekday"),
  })
  // The client also sends {id}; the path names the company.
  .loose();
export type CompanySchedules = z.infer<typeof companySchedulesSchema>;

/** GET /companies: a page of companies (searchParam, pageNumber). GET /companies/list answers CompanyDto[]. */
export interface CompanyListResponse {
  companies: CompanyDto[];
  count: number;
  hasMore: boolean;
}
