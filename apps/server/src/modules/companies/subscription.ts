/** Subscription dates: the server computes them, never the request (SERVER-BEHAVIOUR "Billing"). */
import { PLATFORM_COMPANY_ID } from "@balcao/contracts";

// The recurrence arithmetic is shared with the company form's expiry button.
export { addRecurrence, renewDueDate } from "@balcao/contracts";

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(date: Date, days: number): Date {
  const d = new Date(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d;
}

/**
 * A company is expired once its due date has passed. The due date itself is
 * still usable (the warning then reads "expires in 0 days"): a support team
 * should not lose access on the morning of its payment day.
 */
export function isExpired(company: { id: number; dueDate: string | null }, today = new Date()): boolean {
  if (company.id === PLATFORM_COMPANY_ID || !company.dueDate) return false;
  return company.dueDate < isoDate(today);
}

/**
 * Whether the company may work now: switched on and not past its due date. Logins, the session check and
 * the external API refuse a company that may not, and nothing is sent on its behalf (jobs/paused-jobs.ts).
 */
/** mayWork in SQL, on the companies row under that alias (today by the database's clock, in UTC). */
export const mayWorkSql = (alias: string) =>
  `(${alias}.status and (${alias}.id = ${PLATFORM_COMPANY_ID} or ${alias}.due_date is null
    or ${alias}.due_date >= (now() at time zone 'utc')::date))`;

export function mayWork(company: { id: number; status: boolean; dueDate: string | null }, today = new Date()): boolean {
  return company.status && !isExpired(company, today);
}
