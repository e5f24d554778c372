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
import {
  defaultTimeZone,
  formatWallClock,
  instantOfWallTime,
  knownTimeZone,
  readWallClock,
  type ClockInstant as Instant,
  type WallClock,
} from "@balcao/contracts";

export type { WallClock };

let zone: string = defaultTimeZone;

export function setCompanyTimeZone(timeZone: string | undefined): void {
  zone = knownTimeZone(timeZone || defaultTimeZone);
}

export function companyTimeZone(): string {
  return zone;
}

/** What a clock on the company's wall shows at an instant. */
export const wallClock = (at: Instant, timeZone = zone): WallClock => readWallClock(at, timeZone);

/** Tokens dd, MM, yyyy, yy, HH, mm, ss (date-fns' spelling), on the company's clock; "" for a bad date. */
export const formatInZone = (at: Instant, pattern: string, timeZone = zone) => formatWallClock(at, pattern, timeZone);

export const companyDateTime = (at: Instant) => formatInZone(at, "dd/MM/yyyy HH:mm");
export const companyDate = (at: Instant) => formatInZone(at, "dd/MM/yyyy");
export const companyTime = (at: Instant) => formatInZone(at, "HH:mm");

/** The company's calendar day of an instant as "yyyy-MM-dd" (what date inputs and the API's days speak). */
export const companyDay = (at: Instant = Date.now(), timeZone = zone) => formatInZone(at, "yyyy-MM-dd", timeZone);

/** The company's day `offset` days from today, "yyyy-MM-dd". */
export function companyDayFromToday(offset: number, now: Instant = Date.now(), timeZone = zone): string {
  const c = wallClock(now, timeZone);
  return formatWallClock(Date.UTC(c.year, c.month - 1, c.day + offset), "yyyy-MM-dd", "UTC");
}

export const sameCompanyDay = (a: Instant, b: Instant, timeZone = zone) =>
  companyDay(a, timeZone) === companyDay(b, timeZone);

/** An instant as a datetime-local input shows it: "yyyy-MM-ddTHH:mm" on the company's clock. */
export const toZonedInput = (at: Instant, timeZone = zone) => formatInZone(at, "yyyy-MM-ddTHH:mm", timeZone);

const inputShape = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

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
  return instantOfWallTime(wall, timeZone);
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
