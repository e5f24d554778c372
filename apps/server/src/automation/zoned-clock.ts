/**
 * Wall-clock reading of an instant in a company's time zone (the `timezone`
 * setting), on the Intl core the web shares (@balcao/contracts zoned-clock).
 * Every automation rule that depends on the hour or
 * the weekday reads the clock through here, never the server's or the
 * database's zone (SERVER-BEHAVIOUR "Business hours", known defect).
 *
 *   localTime(new Date(), "America/Sao_Paulo") → {year, month, day, hour, …, weekday}
 *   zonedInstant({year, month, day}, 8 * 60, tz) → the Date at 08:00 that day there
 */
import {
  formatWallClock,
  instantOfWallTime,
  knownTimeZone,
  readWallClock,
  weekdays,
  zoneOffsetAt,
  type WallClock,
  type Weekday,
} from "@balcao/contracts";

export interface LocalTime extends WallClock {
  weekday: Weekday;
}

/** A bad zone setting reads as the product's default: it must not stop automation. */
export function localTime(at: Date, timeZone: string): LocalTime {
  const c = readWallClock(at, knownTimeZone(timeZone));
  return { ...c, weekday: weekdayOf(c) };
}

const quarterHour = 15 * 60_000;
const offsetCache = new Map<string, Map<number, number>>();

/**
 * Offset of the zone at `at` in ms (local wall time minus UTC). Zones change
 * offset only on a quarter hour of UTC, so the answer is kept per quarter
 * hour: counting business minutes over months for many tickets asks for the
 * same instants again and again.
 */
function offsetAt(at: number, timeZone: string): number {
  let zone = offsetCache.get(timeZone);
  if (!zone) {
    zone = new Map<number, number>();
    offsetCache.set(timeZone, zone);
  }
  const bucket = Math.floor(at / quarterHour);
  let offset = zone.get(bucket);
  if (offset === undefined) {
    offset = zoneOffsetAt(bucket * quarterHour, knownTimeZone(timeZone));
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
  return instantOfWallTime(Date.UTC(date.year, date.month - 1, date.day, 0, minutes), tz, offsetAt);
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

/**
 * An instant as ISO 8601 on the company's clock with its offset
 * ("2026-12-07T02:04:00-03:00"): what exports write, so a person reads the
 * company's time and a program still reads the exact instant.
 */
export function zonedIso(at: Date, timeZone: string): string {
  const zone = knownTimeZone(timeZone);
  const offset = Math.round(offsetAt(at.getTime(), zone) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  const pad = (n: number) => String(Math.abs(n)).padStart(2, "0");
  return `${formatWallClock(at, "yyyy-MM-ddTHH:mm:ss", zone)}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}
