/** Dates and durations as the dashboard shows and sends them. */
import { companyDayFromToday } from "../../app/company-clock";

/** YYYY-MM-DD of the company's day `offset` days from today (the server reads the period's days on its clock). */
export function localDay(offset = 0, from = new Date()): string {
  return companyDayFromToday(offset, from);
}

/** Minutes as "HH h mm m" (core-platform §2.15): 90 → "01 h 30 m". */
export function hoursAndMinutes(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(total / 60))} h ${pad(total % 60)} m`;
}
