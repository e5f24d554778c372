/**
 * The company's clock in a test: a new company's `timezone` is
 * America/Sao_Paulo, and specs that run the browser in another zone
 * (test.use({ timezoneId: "UTC" })) type and expect times on this one.
 */
import { defaultTimeZone, formatWallClock } from "@balcao/contracts";

export const companyZone = defaultTimeZone;

/** An instant on the company's wall clock: as a datetime-local input takes it, as lists show it, and its HH:mm. */
export function companyWallClock(at: Date | string) {
  return {
    input: formatWallClock(at, "yyyy-MM-ddTHH:mm", companyZone),
    shown: formatWallClock(at, "dd/MM/yyyy HH:mm", companyZone),
    time: formatWallClock(at, "HH:mm", companyZone),
  };
}
