/**
 * react-big-calendar in the user's language (business-areas §2.8, §9): the
 * date-fns localizer with pt (as pt-br), en and es, the toolbar and '+N more'
 * labels from i18n, and the agenda's dates as 'DD/MM ddd' ("25/11 qua", "25/11 Wed", "25/11 mié").
 */
import { format, getDay, parse, startOfWeek } from "date-fns";
import { enUS, es, ptBR } from "date-fns/locale";
import type { TFunction } from "i18next";
import { dateFnsLocalizer, type Formats, type Messages } from "react-big-calendar";

/** The calendar's culture for an app language: pt maps to pt-br. */
export function cultureOf(language: string): string {
  const code = language.slice(0, 2);
  return code === "pt" ? "pt-br" : code === "es" ? "es" : "en";
}

export const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek,
  getDay,
  locales: { "pt-br": ptBR, en: enUS, es },
});

/** date-fns' pt-BR "EEE" is the whole name ("quarta"); its shortest form is the three letters 'ddd' shows. */
const weekdayToken = (culture?: string) => (culture === "pt-br" ? "EEEEEE" : "EEE");

export const formats: Formats = {
  agendaDateFormat: (date, culture, l) => l!.format(date, `dd/MM ${weekdayToken(culture)}`, culture),
};

export function messagesOf(t: TFunction): Messages {
  const label = (key: string) => t(`schedules.calendar.${key}`);
  return {
    date: label("date"),
    time: label("time"),
    event: label("event"),
    allDay: label("allDay"),
    week: label("week"),
    work_week: label("work_week"),
    day: label("day"),
    month: label("month"),
    previous: label("previous"),
    next: label("next"),
    yesterday: label("yesterday"),
    tomorrow: label("tomorrow"),
    today: label("today"),
    agenda: label("agenda"),
    noEventsInRange: label("noEventsInRange"),
    showMore: (total: number) => t("schedules.calendar.showMore", { count: total }),
  };
}
