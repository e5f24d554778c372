/**
 * A wall clock in a named IANA zone, read with Intl only. The server
 * (automation, campaigns, exports), the browser (the company's clock) and the
 * tests all read zones through here, so they cannot disagree about an hour,
 * a day or a DST change.
 *
 *   readWallClock("2026-12-07T05:04:00Z", "America/Sao_Paulo") → {year: 2026, month: 12, day: 7, hour: 2, …}
 *   formatWallClock("2026-12-07T05:04:00Z", "dd/MM/yyyy HH:mm", "America/Sao_Paulo") → "07/12/2026 02:04"
 *   instantOfWallTime(Date.UTC(2026, 11, 7, 2, 4), "America/Sao_Paulo") → 2026-12-07T05:04:00Z
 */
import { defaultTimeZone } from "./constants.js";

export type ClockInstant = Date | string | number;

export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const readers = new Map<string, Intl.DateTimeFormat>();

function readerFor(timeZone: string): Intl.DateTimeFormat {
  let r = readers.get(timeZone);
  if (!r) {
    r = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    readers.set(timeZone, r);
  }
  return r;
}

/** The zone itself when this runtime knows it, else the product's default (a bad setting must not stop the app). */
export function knownTimeZone(timeZone: string): string {
  try {
    readerFor(timeZone);
    return timeZone;
  } catch {
    return defaultTimeZone;
  }
}

/** What a clock on a wall in the zone shows at an instant (a zone the runtime does not know throws a RangeError). */
export function readWallClock(at: ClockInstant, timeZone: string): WallClock {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const p of readerFor(timeZone).formatToParts(new Date(at))) parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Tokens dd, MM, yyyy, yy, HH, mm, ss (date-fns' spelling), on the zone's clock; "" for a bad date. */
export function formatWallClock(at: ClockInstant, pattern: string, timeZone: string): string {
  if (Number.isNaN(new Date(at).getTime())) return "";
  const c = readWallClock(at, timeZone);
  const tokens: Record<string, string> = {
    yyyy: String(c.year),
    yy: pad(c.year % 100),
    MM: pad(c.month),
    dd: pad(c.day),
    HH: pad(c.hour),
    mm: pad(c.minute),
    ss: pad(c.second),
  };
  return pattern.replace(/yyyy|yy|MM|dd|HH|mm|ss/g, (token) => tokens[token]!);
}

/** Offset of the zone at an instant (ms since the epoch), in ms: wall time minus UTC. */
export function zoneOffsetAt(at: number, timeZone: string): number {
  const c = readWallClock(at, timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a wall time names in the zone, the wall time given as the
 * Date.UTC of its fields. A wall time a DST change skips resolves an hour
 * later, as clocks read it. `offsetAt` is there for a caller that keeps
 * offsets it has read (the server counts business minutes over months).
 */
export function instantOfWallTime(wall: number, timeZone: string, offsetAt = zoneOffsetAt): Date {
  const guess = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(guess, timeZone));
}
