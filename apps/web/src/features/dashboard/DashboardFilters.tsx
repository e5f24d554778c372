/**
 * The dashboard's filter (core-platform §2.15, §4.8): type 1 by date (choosing
 * it sets days 0), type 2 by period (choosing it clears the dates), and the
 * Filter button. Nothing set refuses with "Set filter parameters" (§5).
 * Under it, the company's time zone: the server counts days on that clock.
 */
import { Box, Button, MenuItem, Paper, TextField } from "@mui/material";
import { dashboardPeriods } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { CompanyZoneNote } from "../common/CompanyZoneNote";
import type { DashboardFilter } from "./filter";

interface Props {
  value: DashboardFilter;
  onChange: (next: DashboardFilter) => void;
  onApply: () => void;
}

export function DashboardFilters({ value, onChange, onApply }: Props) {
  const { t } = useTranslation();
  const setType = (type: 1 | 2) =>
    onChange(type === 1 ? { ...value, type, days: 0 } : { ...value, type, dateFrom: "", dateTo: "" });
  return (
    <Box>
      <Paper variant="outlined" sx={{ p: 2, display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center" }}>
        <TextField
          select
          size="small"
          label={t("dashboard.filters.type")}
          value={value.type}
          onChange={(e) => setType(Number(e.target.value) === 2 ? 2 : 1)}
          sx={{ minWidth: 200 }}
          slotProps={{ htmlInput: { "data-testid": "dashboard-filter-type" } }}
        >
          <MenuItem value={1}>{t("dashboard.filters.byDate")}</MenuItem>
          <MenuItem value={2}>{t("dashboard.filters.byPeriod")}</MenuItem>
        </TextField>
        {value.type === 1 ? (
          <>
            <DateField
              label={t("dashboard.filters.initialDate")}
              value={value.dateFrom}
              onChange={(dateFrom) => onChange({ ...value, dateFrom })}
              testId="dashboard-date-from"
            />
            <DateField
              label={t("dashboard.filters.finalDate")}
              value={value.dateTo}
              onChange={(dateTo) => onChange({ ...value, dateTo })}
              testId="dashboard-date-to"
            />
          </>
        ) : (
          <TextField
            select
            size="small"
            label={t("dashboard.filters.period")}
            value={value.days}
            onChange={(e) => onChange({ ...value, days: Number(e.target.value) })}
            sx={{ minWidth: 200 }}
            slotProps={{ htmlInput: { "data-testid": "dashboard-period" } }}
          >
            {dashboardPeriods.map((days) => (
              <MenuItem key={days} value={days} data-testid={`dashboard-period-${days}`}>
                {days === 0 ? t("dashboard.filters.noPeriod") : t("dashboard.filters.days", { count: days })}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" onClick={onApply} data-testid="dashboard-filter">
          {t("dashboard.filters.filter")}
        </Button>
      </Paper>
      <CompanyZoneNote testId="dashboard-zone" />
    </Box>
  );
}

export function DateField(props: { label: string; value: string; onChange: (v: string) => void; testId: string }) {
  return (
    <TextField
      type="date"
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": props.testId } }}
    />
  );
}
