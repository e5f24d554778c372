/**
 * Wall-clock reading of an instant in a company's time zone (the `timezone`
 * setting), with Intl only. Every automation rule that depends on the hour or
 * the weekday reads the clock through here, never the server's or the
 * database's zone (SERVER-BEHAVIOUR "Business hours", known defect).
 *
 *   localTime(new Date(), "America/Sao_Paulo") → {year, month, day, hour, …, weekday}
 *   zonedInstant({year, month, day}, 8 * 60, tz) → the Date at 08:00 that day there
 */
import { defaultTimeZone, weekdays, type Weekday } from "@balcao/contracts";

export interface LocalTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: Weekday;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "long",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone itself when this runtime knows it, else the product's default (a bad setting must not stop automation). */
export function knownZone(timeZone: string): string {
  try {
    formatterFor(timeZone);
    return timeZone;
  } catch {
    return defaultTimeZone;
  }
}

export function localTime(at: Date, timeZone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(knownZone(timeZone)).formatToParts(at)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: parts.weekday!.toLowerCase() as Weekday,
  };
}

const quarterHour = 15 * 60_000;
const offsetCache = new Map<string, Map<number, number>>();

/**
 * Offset of the zone at `at` in ms (local wall time minus UTC). Zones change
 * offset only on a quarter hour of UTC, so the answer is kept per quarter
 * hour: counting business minutes over months for many tickets asks for the
 * same instants again and again.
 */
function offsetAt(at: Date, timeZone: string): number {
  let zone = offsetCache.get(timeZone);
  if (!zone) {
    zone = new Map<number, number>();
    offsetCache.set(timeZone, zone);
  }
  const bucket = Math.floor(at.getTime() / quarterHour);
  let offset = zone.get(bucket);
  if (offset === undefined) {
    const probe = new Date(bucket * quarterHour);
    const l = localTime(probe, timeZone);
    offset = Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second) - probe.getTime();
    if (zone.size > 50_000) zone.clear();
    zone.set(bucket, offset);
  }
  return offset;
}

/**
 * The instant at `minutes` after local midnight of a calendar day in the
 * zone; minutes past 1440 run into the next days. A wall time that a DST
 * change skips resolves to the instant an hour later, as clocks read it.
 */
export function zonedInstant(date: { year: number; month: number; day: number }, minutes: number, tz: string): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  const guess = wall - offsetAt(new Date(wall), tz);
  return new Date(wall - offsetAt(new Date(guess), tz));
}

/** The calendar day `n` days after `date` (n may be negative). */
export function addDays(date: { year: number; month: number; day: number }, n: number) {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + n));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The weekday of a calendar day (the calendar is the same in every zone). */
export function weekdayOf(date: { year: number; month: number; day: number }): Weekday {
  // getUTCDay: 0 = Sunday; `weekdays` starts on Monday.
  return weekdays[(new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7]!;
}

const pad = (n: number) => String(Math.abs(n)).padStart(2, "0");

/**
 * An instant as ISO 8601 on the company's clock with its offset
 * ("2026-12-07T02:04:00-03:00"): what exports write, so a person reads the
 * company's time and a program still reads the exact instant.
 */
export function zonedIso(at: Date, timeZone: string): string {
  const l = localTime(at, timeZone);
  const offset = Math.round(offsetAt(at, knownZone(timeZone)) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  return (
    `${l.year}-${pad(l.month)}-${pad(l.day)}T${pad(l.hour)}:${pad(l.minute)}:${pad(l.second)}` +
    `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
  );
}
