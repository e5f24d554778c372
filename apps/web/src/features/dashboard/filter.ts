/** The dashboard filter (core-platform §4.8) and the query it sends (§7.7). */

/** Type 1 filters by date (days 0); type 2 by period (no dates). */
export interface DashboardFilter {
  type: 1 | 2;
  days: number;
  dateFrom: string;
  dateTo: string;
}

/** The query the server reads; none set is the §5 "Set filter parameters" case. */
export function dashboardQuery(f: DashboardFilter): Record<string, string> | null {
  if (f.type === 2) return f.days > 0 ? { days: String(f.days) } : null;
  if (!f.dateFrom && !f.dateTo) return null;
  return { days: "0", date_from: f.dateFrom, date_to: f.dateTo };
}
