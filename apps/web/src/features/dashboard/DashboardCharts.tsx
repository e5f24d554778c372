/**
 * The two charts (core-platform §2.15): tickets per user, and tickets per day
 * or, for one day, per hour ("Das {h}:00 as {h}:59") with the total in the title.
 */
import { useState } from "react";
import type { TicketsPerDayRow } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { ChartCard } from "./ChartCard";
import { localDay } from "./dates";
import { useTicketsPerDay, useTicketsPerUser, type DateRange } from "./useDashboard";
import { useErrorToast } from "./useErrorToast";

const lastWeek = (): DateRange => ({ initialDate: localDay(-7), finalDate: localDay() });

/** "2026-03-09" → "09/03/2026"; an hour → its localised slot. */
function useDayBars(rows: TicketsPerDayRow[]) {
  const { t } = useTranslation();
  return rows.map((row) =>
    "horario" in row
      ? { label: t("dashboard.charts.hour", { h: String(row.horario).padStart(2, "0") }), value: row.total }
      : { label: row.data.split("-").reverse().join("/"), value: row.total },
  );
}

export function TicketsPerUserChart() {
  const { t } = useTranslation();
  const [range, setRange] = useState(lastWeek);
  const { data, error } = useTicketsPerUser(range);
  useErrorToast(error, "dashboard.toasts.userChartError");
  const bars = (data?.data ?? []).map((row) => ({ label: row.nome, value: row.quantidade }));
  return (
    <ChartCard
      title={t("dashboard.charts.perUser")}
      testId="chart-users"
      bars={bars}
      range={range}
      onFilter={setRange}
    />
  );
}

export function TicketsPerDayChart() {
  const { t } = useTranslation();
  const [range, setRange] = useState(lastWeek);
  const { data, error } = useTicketsPerDay(range);
  useErrorToast(error, "dashboard.toasts.dateChartError");
  const bars = useDayBars(data?.data ?? []);
  return (
    <ChartCard
      title={t("dashboard.charts.perDay", { count: data?.count ?? 0 })}
      testId="chart-days"
      bars={bars}
      range={range}
      onFilter={setRange}
    />
  );
}
