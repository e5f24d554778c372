/** The filter's query (core-platform §4.8, §5 "Dashboard") and the "HH h mm m" format (§2.15). */
import { describe, expect, it } from "vitest";
import { hoursAndMinutes, localDay } from "./dates";
import { dashboardQuery } from "./filter";

describe("dashboard filter", () => {
  it("type 2 sends only the period; a period of none is no filter", () => {
    expect(dashboardQuery({ type: 2, days: 30, dateFrom: "", dateTo: "" })).toEqual({ days: "30" });
    expect(dashboardQuery({ type: 2, days: 0, dateFrom: "", dateTo: "" })).toBeNull();
  });

  it("type 1 sends days 0 and the dates; no date at all is no filter", () => {
    expect(dashboardQuery({ type: 1, days: 0, dateFrom: "2026-03-01", dateTo: "2026-03-09" })).toEqual({
      days: "0",
      date_from: "2026-03-01",
      date_to: "2026-03-09",
    });
    expect(dashboardQuery({ type: 1, days: 0, dateFrom: "", dateTo: "" })).toBeNull();
  });
});

describe("dashboard formats", () => {
  it("shows minutes as HH h mm m", () => {
    expect(hoursAndMinutes(0)).toBe("00 h 00 m");
    expect(hoursAndMinutes(90)).toBe("01 h 30 m");
    expect(hoursAndMinutes(45.6)).toBe("00 h 46 m");
    expect(hoursAndMinutes(125 * 60 + 3)).toBe("125 h 03 m");
  });

  it("names local days as YYYY-MM-DD", () => {
    const from = new Date(2026, 0, 1, 12);
    expect(localDay(0, from)).toBe("2026-01-01");
    expect(localDay(-1, from)).toBe("2025-12-31");
  });
});
