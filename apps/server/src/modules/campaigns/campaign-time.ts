/**
 * A campaign's scheduledAt as the modal sends it (business-areas §7:
 * "YYYY-MM-DD HH:mm:ss"): a wall-clock time with no zone is the company's
 * (its `timezone` setting, as the dashboard reads days), because that is the
 * clock the person who typed it looks at; a time with a zone (an ISO string
 * from another client) is taken as it says. The shape was checked by the
 * contracts' campaignDateSchema; here the calendar is.
 */
import { zonedInstant } from "../../automation/zoned-clock.js";
import { AppError } from "../../http/errors.js";

const shape = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

const invalid = () => new AppError("ERR_VALIDATION", { field: "scheduledAt" });

/** Whether the wall-clock fields name a real moment of the calendar (no 31 April, no 25:00). */
function isCalendarTime(y: number, mo: number, d: number, h: number, mi: number, s: number): boolean {
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    at.getUTCFullYear() === y &&
    at.getUTCMonth() === mo - 1 &&
    at.getUTCDate() === d &&
    at.getUTCHours() === h &&
    at.getUTCMinutes() === mi &&
    at.getUTCSeconds() === s
  );
}

/** `timeZone` is asked for only when the text has no zone of its own. */
export async function scheduledInstant(text: string, timeZone: () => Promise<string>): Promise<Date> {
  const m = shape.exec(text);
  if (!m) throw invalid();
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number) as [number, number, number, number, number];
  const s = Number(m[6] ?? 0);
  const ms = Number((m[7] ?? "0").padEnd(3, "0"));
  if (!isCalendarTime(y, mo, d, h, mi, s)) throw invalid();
  const zone = m[8];
  if (!zone)
    return new Date(
      zonedInstant({ year: y, month: mo, day: d }, h * 60 + mi, await timeZone()).getTime() + s * 1000 + ms,
    );
  const [zh, zm] = zone === "Z" ? [0, 0] : [Number(zone.slice(1, 3)), Number(zone.slice(-2))];
  if (zh > 14 || zm > 59) throw invalid();
  const offset = (zone.startsWith("-") ? -1 : 1) * (zh * 60 + zm);
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms) - offset * 60_000);
}
