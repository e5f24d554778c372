/**
 * Business hours in the company's zone (SERVER-BEHAVIOUR "Business hours"):
 * the minute of opening and closing, midnight, a closed day, a weekday that
 * differs from UTC's, an empty schedule, and counting business minutes.
 */
import { defaultWeekdayHours, type Weekday } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { businessMinutesBetween, isOpen, spanOf, type HoursEntry } from "./business-hours.js";

const SP = "America/Sao_Paulo"; // UTC−3 all year (no DST since 2019)
/** 2026-03-09 is a Monday. `sp(0, "08:00")` = that Monday 08:00 in São Paulo. */
const sp = (dayOffset: number, hhmm: string, seconds = 0) => {
  const [h, m] = hhmm.split(":").map(Number);
  return new Date(Date.UTC(2026, 2, 9 + dayOffset, (h ?? 0) + 3, m ?? 0, seconds));
};
const week = defaultWeekdayHours(); // Mon–Fri 08–18, Sat 08–12, Sun 00:00–00:00 (closed)
const only = (weekdayEn: Weekday, startTime: string, endTime: string): HoursEntry[] => [
  { weekdayEn, startTime, endTime },
];

describe("isOpen", () => {
  it("opens at the opening minute and closes at the closing minute", () => {
    expect(isOpen(week, SP, sp(0, "07:59", 59))).toBe(false);
    expect(isOpen(week, SP, sp(0, "08:00"))).toBe(true);
    expect(isOpen(week, SP, sp(0, "17:59", 59))).toBe(true);
    expect(isOpen(week, SP, sp(0, "18:00"))).toBe(false);
  });

  it("a day whose hours are 00:00–00:00, or with no entry, is closed all day", () => {
    expect(isOpen(week, SP, sp(6, "10:00"))).toBe(false); // Sunday
    expect(isOpen(only("monday", "08:00", "18:00"), SP, sp(1, "10:00"))).toBe(false); // Tuesday, no entry
    expect(isOpen(week, SP, sp(5, "11:00"))).toBe(true); // Saturday morning
    expect(isOpen(week, SP, sp(5, "12:00"))).toBe(false);
  });

  it("an empty schedule is always open", () => {
    expect(isOpen([], SP, sp(6, "03:00"))).toBe(true);
  });

  it("takes the weekday in the company's zone, not UTC's", () => {
    // Monday 22:00 in São Paulo is Tuesday 01:00 UTC: Monday's hours apply.
    const hours = only("monday", "20:00", "23:00");
    expect(sp(0, "22:00").getUTCDay()).toBe(2);
    expect(isOpen(hours, SP, sp(0, "22:00"))).toBe(true);
    expect(isOpen(hours, "UTC", sp(0, "22:00"))).toBe(false);
    // Tokyo: the same instant is Tuesday 10:00 there.
    expect(isOpen(only("tuesday", "09:00", "11:00"), "Asia/Tokyo", sp(0, "22:00"))).toBe(true);
  });

  it("midnight: 23:59 means until midnight, 00:00 starts the day", () => {
    const allMonday = only("monday", "00:00", "23:59");
    expect(isOpen(allMonday, SP, sp(0, "00:00"))).toBe(true);
    expect(isOpen(allMonday, SP, sp(0, "23:59", 59))).toBe(true);
    expect(isOpen(allMonday, SP, sp(1, "00:00"))).toBe(false);
    expect(isOpen(allMonday, SP, sp(0, "00:00", -1))).toBe(false); // Sunday 23:59:59
  });

  it("hours ending before they start run overnight into the next day", () => {
    const night = only("friday", "22:00", "06:00");
    expect(isOpen(night, SP, sp(4, "21:59"))).toBe(false);
    expect(isOpen(night, SP, sp(4, "22:00"))).toBe(true);
    expect(isOpen(night, SP, sp(5, "00:00"))).toBe(true); // Saturday
    expect(isOpen(night, SP, sp(5, "05:59"))).toBe(true);
    expect(isOpen(night, SP, sp(5, "06:00"))).toBe(false);
    // Sunday overnight reaches Monday morning (the week wraps).
    expect(isOpen(only("sunday", "23:00", "02:00"), SP, sp(7, "01:00"))).toBe(true);
  });

  it("an entry with unreadable times counts as closed", () => {
    expect(isOpen(only("monday", "", "18:00"), SP, sp(0, "10:00"))).toBe(false);
    expect(isOpen(only("monday", "8h", "18:00"), SP, sp(0, "10:00"))).toBe(false);
    expect(spanOf({ weekdayEn: "monday", startTime: "25:00", endTime: "26:00" })).toBeUndefined();
  });
});

describe("businessMinutesBetween", () => {
  it("counts only open minutes, across days and a closed Sunday", () => {
    expect(businessMinutesBetween(week, SP, sp(0, "07:00"), sp(0, "09:30"))).toBe(90);
    // Monday 17:00 → Tuesday 09:00: one hour each day.
    expect(businessMinutesBetween(week, SP, sp(0, "17:00"), sp(1, "09:00"))).toBe(120);
    // Saturday 11:00 → Monday 08:30: Saturday 1 h, Sunday nothing, Monday 30 min.
    expect(businessMinutesBetween(week, SP, sp(5, "11:00"), sp(7, "08:30"))).toBe(90);
    // A whole week: 5 × 10 h + 4 h.
    expect(businessMinutesBetween(week, SP, sp(0, "00:00"), sp(7, "00:00"))).toBe(54 * 60);
  });

  it("is 0 entirely outside hours, or when `to` is not after `from`", () => {
    expect(businessMinutesBetween(week, SP, sp(0, "18:00"), sp(1, "08:00"))).toBe(0);
    expect(businessMinutesBetween(week, SP, sp(0, "10:00"), sp(0, "09:00"))).toBe(0);
    expect(businessMinutesBetween(week, SP, sp(0, "10:00"), sp(0, "10:00"))).toBe(0);
  });

  it("counts every minute with an empty schedule, and fractions of a minute", () => {
    expect(businessMinutesBetween([], SP, sp(0, "10:00"), sp(2, "10:00"))).toBe(2 * 24 * 60);
    expect(businessMinutesBetween(week, SP, sp(0, "10:00"), sp(0, "10:00", 30))).toBe(0.5);
  });

  it("counts overnight hours from the day before, and overlapping hours once", () => {
    const night = only("sunday", "22:00", "06:00");
    // From Monday 00:00: Sunday's night still runs until 06:00.
    expect(businessMinutesBetween(night, SP, sp(0, "00:00"), sp(0, "12:00"))).toBe(360);
    const overlapping: HoursEntry[] = [...only("friday", "22:00", "09:00"), ...only("saturday", "08:00", "12:00")];
    expect(businessMinutesBetween(overlapping, SP, sp(4, "22:00"), sp(5, "12:00"))).toBe(14 * 60);
  });

  it("uses the company's zone: the same instants count differently in Tokyo", () => {
    const hours = only("tuesday", "09:00", "11:00");
    // Monday 21:00–23:00 in São Paulo = Tuesday 09:00–11:00 in Tokyo.
    expect(businessMinutesBetween(hours, "Asia/Tokyo", sp(0, "21:00"), sp(0, "23:00"))).toBe(120);
    expect(businessMinutesBetween(hours, SP, sp(0, "21:00"), sp(0, "23:00"))).toBe(0);
  });

  it("a day on which the clocks go forward counts the hours the wall clock shows", () => {
    // New York moved from 02:00 to 03:00 on Sunday 2026-03-08: 00:00–06:00 that day lasted 5 hours.
    const hours = only("sunday", "00:00", "06:00");
    const from = new Date("2026-03-08T00:00:00-05:00");
    const to = new Date("2026-03-08T12:00:00-04:00");
    expect(businessMinutesBetween(hours, "America/New_York", from, to)).toBe(300);
    expect(isOpen(hours, "America/New_York", new Date("2026-03-08T05:30:00-04:00"))).toBe(true);
    expect(isOpen(hours, "America/New_York", new Date("2026-03-08T06:00:00-04:00"))).toBe(false);
  });
});
