/**
 * The company's clock (its `timezone` setting, default America/Sao_Paulo):
 * every date and time the app shows or takes is read on it, whatever the
 * browser's zone, because the server reads campaigns, schedules, business
 * hours and the dashboard's days on it too. The zone is set once the session
 * loads (auth.tsx) and again when the setting changes; functions take it as
 * an argument only where a test needs another.
 *
 *   formatInZone("2026-12-07T05:04:00Z", "dd/MM/yyyy HH:mm") → "07/12/2026 02:04" (São Paulo)
 *   fromZonedInput("2026-12-07T02:04") → the instant 2026-12-07T05:04:00Z
 */
import { defaultTimeZone } from "@balcao/contracts";

let zone: string = defaultTimeZone;

/** The zone itself when the browser knows it, else the product's default. */
function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return timeZone;
  } catch {
    return defaultTimeZone;
  }
}

export function setCompanyTimeZone(timeZone: string | undefined): void {
  zone = knownZone(timeZone || defaultTimeZone);
}

export function companyTimeZone(): string {
  return zone;
}

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

type Instant = Date | string | number;

/** What a clock on the company's wall shows at an instant. */
export function wallClock(at: Instant, timeZone = zone): WallClock {
  const parts: Record<string, number> = {};
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

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Tokens dd, MM, yyyy, yy, HH, mm, ss (date-fns' spelling), on the company's clock; "" for a bad date. */
export function formatInZone(at: Instant, pattern: string, timeZone = zone): string {
  if (Number.isNaN(new Date(at).getTime())) return "";
  const c = wallClock(at, timeZone);
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

export const companyDateTime = (at: Instant) => formatInZone(at, "dd/MM/yyyy HH:mm");
export const companyDate = (at: Instant) => formatInZone(at, "dd/MM/yyyy");
export const companyTime = (at: Instant) => formatInZone(at, "HH:mm");

/** The company's calendar day of an instant as "yyyy-MM-dd" (what date inputs and the API's days speak). */
export const companyDay = (at: Instant = Date.now(), timeZone = zone) => formatInZone(at, "yyyy-MM-dd", timeZone);

/** The company's day `offset` days from today, "yyyy-MM-dd". */
export function companyDayFromToday(offset: number, now: Instant = Date.now(), timeZone = zone): string {
  const c = wallClock(now, timeZone);
  const d = new Date(Date.UTC(c.year, c.month - 1, c.day + offset));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export const sameCompanyDay = (a: Instant, b: Instant, timeZone = zone) =>
  companyDay(a, timeZone) === companyDay(b, timeZone);

/** An instant as a datetime-local input shows it: "yyyy-MM-ddTHH:mm" on the company's clock. */
export const toZonedInput = (at: Instant, timeZone = zone) => formatInZone(at, "yyyy-MM-ddTHH:mm", timeZone);

const inputShape = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Offset of the zone at an instant, in ms (wall time minus UTC). */
function offsetAt(at: number, timeZone: string): number {
  const c = wallClock(at, timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a datetime-local value names on the company's clock, or null.
 * A wall time a DST change skips resolves an hour later, as clocks read it
 * (the server's zonedInstant does the same).
 */
export function fromZonedInput(value: string, timeZone = zone): Date | null {
  const m = inputShape.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  const guess = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(guess, timeZone));
}

/**
 * A browser Date whose own (browser-zone) fields read the company's wall
 * clock: for widgets that lay out by local fields (react-big-calendar).
 */
export function asBrowserWallClock(at: Instant, timeZone = zone): Date {
  const c = wallClock(at, timeZone);
  return new Date(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
}

/** The zone as people name it in a language ("Horário de Brasília", "Brasilia Time"), with its IANA id. */
export function zoneLabel(language: string, timeZone = zone): string {
  try {
    const name = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: "longGeneric" })
      .formatToParts(new Date())
      .find((p) => p.type === "timeZoneName")?.value;
    return name && name !== timeZone ? `${name} (${timeZone})` : timeZone;
  } catch {
    return timeZone;
  }
}
