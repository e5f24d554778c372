/** Subscription arithmetic of core-platform §4.5, on calendar days (due dates have no time). */
import { can, PLATFORM_COMPANY_ID, subscription, type AuthUser } from "@balcao/contracts";
import { wallClock } from "../../app/company-clock";

/** Whole days from the company's today to a YYYY-MM-DD (or ISO) due date; negative once past. */
export function daysUntil(dueDate: string, today: Date = new Date()): number {
  const [y, m, d] = dueDate.slice(0, 10).split("-").map(Number);
  const due = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1);
  const c = wallClock(today);
  const now = Date.UTC(c.year, c.month - 1, c.day);
  return Math.round((due - now) / 86_400_000);
}

/** dd/MM/yyyy without going through a Date, so no time zone can shift the day. */
export function formatDueDate(dueDate: string): string {
  const [y, m, d] = dueDate.slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
}

/** Who sees and pays the company's invoices: its admins and super users (the server's `payment` access). */
export function mayPay(user: Pick<AuthUser, "super" | "profile"> | null | undefined): boolean {
  return user?.super === true || can(user?.profile, "drawer-admin-items:view");
}

/** Days left when the warning applies, otherwise null; the platform company and super users never expire. */
export function expiryWarningDays(user: AuthUser, today: Date = new Date()): number | null {
  if (user.super || user.companyId === PLATFORM_COMPANY_ID || !user.company.dueDate) return null;
  const days = daysUntil(user.company.dueDate, today);
  return days < subscription.warnBelowDays ? Math.max(0, days) : null;
}
