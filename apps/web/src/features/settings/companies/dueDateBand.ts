/**
 * The company list's row colour by days until the due date (core-platform
 * §2.18, §9: "5 yellow, -3 to 4 orange, -4 red"). The spec names single values
 * at the edges; read as bands over every day count:
 * - red: 4 or more days past due (the spec's -4 and everything older: a company
 *   long expired is the most urgent, not uncoloured);
 * - orange: from 3 days past due to 4 days ahead (the in-app expiry warning
 *   shows below 5 days);
 * - yellow: exactly 5 days ahead, the last day before that warning starts;
 * - none: 6 or more days ahead, or no due date.
 */
import { daysUntil } from "../../layout/subscription";

export type DueDateBand = "red" | "orange" | "yellow";

export function dueDateBandForDays(days: number): DueDateBand | null {
  if (days <= -4) return "red";
  if (days <= 4) return "orange";
  if (days === 5) return "yellow";
  return null;
}

export function dueDateBand(dueDate: string | null, today: Date = new Date()): DueDateBand | null {
  return dueDate ? dueDateBandForDays(daysUntil(dueDate, today)) : null;
}
