/** The company's clock in the browser (issue 30 item 1): shown and typed times are the company's, whatever the browser's zone. */
import { afterEach, describe, expect, it } from "vitest";
import {
  companyDateTime,
  companyDayFromToday,
  companyTimeZone,
  formatInZone,
  fromZonedInput,
  setCompanyTimeZone,
  toZonedInput,
} from "./company-clock";

afterEach(() => setCompanyTimeZone(undefined));

describe("the company's clock", () => {
  it("shows an instant on the company's clock and reads a typed time back to the same instant", () => {
    expect(companyDateTime("2026-12-07T05:04:00Z")).toBe("07/12/2026 02:04"); // São Paulo, the default
    expect(fromZonedInput("2026-12-07T02:04")?.toISOString()).toBe("2026-12-07T05:04:00.000Z");
    setCompanyTimeZone("Asia/Tokyo");
    expect(toZonedInput("2026-12-07T05:04:00Z")).toBe("2026-12-07T14:04");
    expect(fromZonedInput("2026-12-07T14:04")?.toISOString()).toBe("2026-12-07T05:04:00.000Z");
  });

  it("follows a zone's DST: a skipped wall time resolves an hour later, as the server reads it", () => {
    expect(fromZonedInput("2026-07-01T12:00", "Europe/Lisbon")?.toISOString()).toBe("2026-07-01T11:00:00.000Z");
    expect(fromZonedInput("2026-01-01T12:00", "Europe/Lisbon")?.toISOString()).toBe("2026-01-01T12:00:00.000Z");
    // 29 March 2026, 01:00 → 02:00 in Lisbon: 01:30 does not exist.
    expect(fromZonedInput("2026-03-29T01:30", "Europe/Lisbon")?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });

  it("refuses what is no time, and an unknown zone falls back to the default", () => {
    expect(fromZonedInput("")).toBeNull();
    expect(fromZonedInput("2026-02-30T10:00")).toBeNull();
    expect(formatInZone("not a date", "dd/MM/yyyy")).toBe("");
    setCompanyTimeZone("Mars/Olympus");
    expect(companyTimeZone()).toBe("America/Sao_Paulo");
  });

  it("counts days from the company's today", () => {
    // 01:00 UTC on 1 Jan is still 31 Dec in São Paulo.
    expect(companyDayFromToday(0, "2026-01-01T01:00:00Z")).toBe("2025-12-31");
    expect(companyDayFromToday(1, "2026-01-01T01:00:00Z")).toBe("2026-01-01");
  });
});
