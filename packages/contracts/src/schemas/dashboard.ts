/**
 * Dashboard (core-platform §2.15, §3 "Dashboard result", §4.8, §5 "Dashboard",
 * §7.7). Dates are company-local days (YYYY-MM-DD); the server reads them in
 * the company's `timezone` setting.
 */
import { z } from "zod";
import { idSchema } from "./ids.js";

/** The periods of filter type 2 (days; 0 means "by date", filter type 1). */
export const dashboardPeriods = [0, 3, 7, 15, 30, 60, 90] as const;

/** The widest range a dashboard call reads, so one request stays cheap. */
export const dashboardMaxDays = 366;

/** A query value left empty by the client ("") is no value. */
const emptyIsNone = (v: unknown) => (v === "" || v === null ? undefined : v);
const day = z.preprocess(emptyIsNone, z.iso.date().optional());

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** Dates out of order, or a range wider than dashboardMaxDays, are refused on `field`. */
function checkRange(from: string | undefined, to: string | undefined, field: string, ctx: z.RefinementCtx) {
  if (!from || !to) return;
  const span = daysBetween(from, to);
  if (span < 0) ctx.addIssue({ code: "custom", path: [field], message: "date before the start date" });
  else if (span > dashboardMaxDays) ctx.addIssue({ code: "custom", path: [field], message: "range too long" });
}

/**
 * GET /dashboard. Type 2 sends days (a rolling window ending now); type 1
 * sends days 0 and the dates. With none of them set the call is refused: the
 * §5 "Set filter parameters" rule, checked on the server too.
 */
export const dashboardQuerySchema = z
  .object({
    days: z.preprocess(emptyIsNone, z.coerce.number().int().min(0).max(dashboardMaxDays).optional()),
    date_from: day,
    date_to: day,
  })
  .superRefine((q, ctx) => {
    if (!q.days && !q.date_from && !q.date_to) {
      ctx.addIssue({ code: "custom", path: ["days"], message: "set filter parameters" });
    }
    checkRange(q.date_from, q.date_to, "date_to", ctx);
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/**
 * The charts' calls. companyId is what the spec's client sends; the company
 * always comes from the token, so another company's id changes nothing.
 */
export const dashboardChartQuerySchema = z
  .object({
    initialDate: z.iso.date(),
    finalDate: z.iso.date(),
    companyId: z.preprocess(emptyIsNone, idSchema.optional()),
  })
  .superRefine((q, ctx) => checkRange(q.initialDate, q.finalDate, "finalDate", ctx));
export type DashboardChartQuery = z.infer<typeof dashboardChartQuerySchema>;

export interface DashboardCounters {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  /** Minutes, accept → close, of the tickets closed in the period; 0 when none. */
  avgSupportTime: number;
  /** Minutes, queued (or created) → accept, of the tickets accepted in the period; 0 when none. */
  avgWaitTime: number;
  /** Contacts created in the period (the "new contacts" card). */
  leads: number;
  /** Minutes, created → close, of the tickets closed in the period (beyond the spec). */
  avgResolutionTime: number;
  /**
   * Business-hours minutes (the hours that apply to each ticket, in the company's time zone), created → the
   * first message an agent sent (automatic messages do not count), of the tickets closed in the period that
   * an agent answered; 0 when none (beyond the spec).
   */
  avgFirstResponseBusinessTime: number;
  /** Business-hours minutes, created → (last) close, of the tickets closed in the period; 0 when none (beyond the spec). */
  avgResolutionBusinessTime: number;
}

export interface DashboardAttendant {
  id: number;
  name: string;
  /** Mean of the ratings received in the period (1–3), null without any. */
  rating: number | null;
  /** Minutes, accept → close, of the attendant's tickets closed in the period. */
  avgSupportTime: number;
  /** Minutes, created → close, of the attendant's tickets closed in the period (beyond the spec). */
  avgResolutionTime: number;
  /** Tickets the attendant closed in the period. */
  tickets: number;
  online: boolean;
}

export interface DashboardResult {
  counters: DashboardCounters;
  attendants: DashboardAttendant[];
}

export interface TicketsPerUserRow {
  nome: string;
  quantidade: number;
}

/** One bar: a day ("data", YYYY-MM-DD) or, for a one-day range, an hour ("horario", 0–23). */
export type TicketsPerDayRow = { data: string; total: number } | { horario: number; total: number };
