/**
 * The company's clock in a test: a new company's `timezone` is
 * America/Sao_Paulo, and specs that run the browser in another zone
 * (test.use({ timezoneId: "UTC" })) type and expect times on this one.
 */
export const companyZone = "America/Sao_Paulo";

const reader = new Intl.DateTimeFormat("en-US", {
  timeZone: companyZone,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** An instant on the company's wall clock: as a datetime-local input takes it, as lists show it, and its HH:mm. */
export function companyWallClock(at: Date | string) {
  const p = Object.fromEntries(reader.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  return {
    input: `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`,
    shown: `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`,
    time: `${p.hour}:${p.minute}`,
  };
}
