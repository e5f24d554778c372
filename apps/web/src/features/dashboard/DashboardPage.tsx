/**
 * Dashboard (/, core-platform §2.15) for those who may dashboard:view (§6):
 * the filter, the counter cards, the attendants table and the two charts.
 * Anyone else is sent to the tickets, where the app starts after login.
 */
import { useState } from "react";
import { Box, Typography } from "@mui/material";
import { Navigate } from "react-router";
import { can, timings } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { useAuth } from "../../app/auth";
import { AttendantsTable } from "./AttendantsTable";
import { CounterCards } from "./CounterCards";
import { DashboardFilters } from "./DashboardFilters";
import { TicketsPerDayChart, TicketsPerUserChart } from "./DashboardCharts";
import { localDay } from "./dates";
import { dashboardQuery, type DashboardFilter } from "./filter";
import { useDashboardData } from "./useDashboard";
import { useErrorToast } from "./useErrorToast";

/** Type 1 by default: yesterday to today (§2.15). */
const initialFilter = (): DashboardFilter => ({ type: 1, days: 0, dateFrom: localDay(-1), dateTo: localDay() });

function Dashboard() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState(initialFilter);
  const [applied, setApplied] = useState(() => dashboardQuery(filter));
  const { data, error } = useDashboardData(applied);
  useErrorToast(error, "dashboard.toasts.fetchError");

  const apply = () => {
    const query = dashboardQuery(filter);
    if (!query) {
      toast.error(t("dashboard.toasts.selectFilterError"), {
        toastId: "dashboard-filter",
        autoClose: timings.errorToastMs,
      });
      return;
    }
    setApplied(query);
  };

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }} data-testid="dashboard">
      <Typography variant="h5" component="h1">
        {t("dashboard.title")}
      </Typography>
      <DashboardFilters value={filter} onChange={setFilter} onApply={apply} />
      <CounterCards counters={data?.counters} />
      <AttendantsTable attendants={data?.attendants ?? []} />
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" } }}>
        <TicketsPerUserChart />
        <TicketsPerDayChart />
      </Box>
    </Box>
  );
}

export default function DashboardPage() {
  const { user } = useAuth();
  if (!can(user?.profile, "dashboard:view")) return <Navigate to="/tickets" replace />;
  return <Dashboard />;
}
