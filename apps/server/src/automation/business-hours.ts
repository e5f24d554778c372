/**
 * Business hours (business-areas §2.4, core-platform §2.18 Schedules tab,
 * SERVER-BEHAVIOUR "Business hours"), evaluated in the company's time zone.
 * Pure: the caller gives the weekly entries it read (business-hours.queries.ts
 * reads the ones that apply to a ticket).
 *
 *   isOpen(hours, "America/Sao_Paulo", new Date())                → boolean
 *   businessMinutesBetween(hours, tz, ticket.createdAt, acceptedAt) → minutes (fractional)
 *
 * How an entry reads (startTime, endTime as "HH:mm", local wall clock):
 * - start < end: open from start (inclusive) until end (exclusive): with
 *   08:00–18:00, 08:00:00 is open and 18:00:00 is closed;
 * - end "23:59" means until midnight (the form cannot write 24:00);
 * - start == end (the Sunday default 00:00–00:00): closed all day;
 * - end < start: open overnight, from start until end on the next day;
 * - a weekday with no entry: closed that day.
 * An empty schedule (no entries at all, as queues start) means always open:
 * nobody has set hours, so nobody is turned away.
 */
import type { Weekday } from "@balcao/contracts";
import { addDays, localTime, weekdayOf, zonedInstant } from "./zoned-clock.js";

export interface HoursEntry {
  weekdayEn: Weekday;
  startTime: string;
  endTime: string;
}

const dayMinutes = 24 * 60;

function minutesOf(hhmm: string): number | undefined {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!m) return undefined;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes <= dayMinutes ? minutes : undefined;
}

/** The entry's span in minutes from its day's local midnight, [start, end); undefined when closed. */
export function spanOf(entry: HoursEntry): [number, number] | undefined {
  const start = minutesOf(entry.startTime);
  let end = minutesOf(entry.endTime);
  if (start === undefined || end === undefined || start === end) return undefined;
  if (end === dayMinutes - 1) end = dayMinutes;
  return [start, end > start ? end : end + dayMinutes];
}

function spansOn(hours: readonly HoursEntry[], day: Weekday): [number, number][] {
  return hours.flatMap((h) => {
    const span = h.weekdayEn === day ? spanOf(h) : undefined;
    return span ? [span] : [];
  });
}

export function isOpen(hours: readonly HoursEntry[], timeZone: string, at: Date): boolean {
  if (hours.length === 0) return true;
  const t = localTime(at, timeZone);
  const now = t.hour * 60 + t.minute + t.second / 60;
  const today = spansOn(hours, t.weekday);
  // Yesterday's overnight hours still running after midnight.
  const yesterday = spansOn(hours, weekdayOf(addDays(t, -1))).map(([s, e]): [number, number] => [
    s - dayMinutes,
    e - dayMinutes,
  ]);
  return [...today, ...yesterday].some(([s, e]) => s <= now && now < e);
}

/**
 * Minutes of business hours between two instants (0 when `to` is not after
 * `from`); with an empty schedule, every minute counts. Each local day's open
 * span is turned into instants in the zone, so a DST change is counted as
 * the clock on the wall reads it.
 */
export function businessMinutesBetween(hours: readonly HoursEntry[], timeZone: string, from: Date, to: Date): number {
  const total = to.getTime() - from.getTime();
  if (total <= 0) return 0;
  if (hours.length === 0) return total / 60_000;
  const last = localTime(to, timeZone);
  // From the day before (its overnight hours may reach into the first day).
  let day = addDays(localTime(from, timeZone), -1);
  const spans: [number, number][] = [];
  for (; Date.UTC(day.year, day.month - 1, day.day) <= Date.UTC(last.year, last.month - 1, last.day);) {
    for (const [s, e] of spansOn(hours, weekdayOf(day))) {
      const start = Math.max(zonedInstant(day, s, timeZone).getTime(), from.getTime());
      const end = Math.min(zonedInstant(day, e, timeZone).getTime(), to.getTime());
      if (end > start) spans.push([start, end]);
    }
    day = addDays(day, 1);
  }
  return mergedLength(spans) / 60_000;
}

/** Total length of spans, counting overlaps once (an overnight entry running into the next day's hours). */
function mergedLength(spans: [number, number][]): number {
  spans.sort((a, b) => a[0] - b[0]);
  let ms = 0;
  let reached = -Infinity;
  for (const [s, e] of spans) {
    if (e <= reached) continue;
    ms += e - Math.max(s, reached);
    reached = e;
  }
  return ms;
}
