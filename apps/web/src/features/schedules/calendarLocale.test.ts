import { describe, expect, it } from "vitest";
import { cultureOf, formats, localizer } from "./calendarLocale";

const agendaDate = (culture: string) => {
  const format = formats.agendaDateFormat as (date: Date, culture: string, l: typeof localizer) => string;
  return format(new Date(2026, 10, 25, 9, 0), culture, localizer);
};

describe("the calendar's locale", () => {
  it("maps pt to pt-br and keeps en and es", () => {
    expect(["pt", "pt-BR", "en", "es", "fr"].map(cultureOf)).toEqual(["pt-br", "pt-br", "en", "es", "en"]);
  });

  it("writes the agenda's dates as DD/MM and the weekday's three letters", () => {
    expect(["pt-br", "en", "es"].map(agendaDate)).toEqual(["25/11 qua", "25/11 Wed", "25/11 mié"]);
  });
});
