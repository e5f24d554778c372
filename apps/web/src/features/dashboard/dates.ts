/** Dates and durations as the dashboard shows and sends them. */

/** YYYY-MM-DD of a local day, `offset` days from today. */
export function localDay(offset = 0, from = new Date()): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Minutes as "HH h mm m" (core-platform §2.15): 90 → "01 h 30 m". */
export function hoursAndMinutes(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(total / 60))} h ${pad(total % 60)} m`;
}
