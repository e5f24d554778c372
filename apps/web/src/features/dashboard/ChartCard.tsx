/**
 * A bar chart with its own start date, end date and Filter button
 * (core-platform §2.15 "Charts"). The dates are applied on Filter only.
 */
import { useState, type ReactNode } from "react";
import { Box, Button, Paper, Typography, useTheme } from "@mui/material";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useTranslation } from "react-i18next";
import { DateField } from "./DashboardFilters";
import type { DateRange } from "./useDashboard";

export interface Bars {
  label: string;
  value: number;
}

interface Props {
  title: ReactNode;
  testId: string;
  bars: Bars[];
  range: DateRange;
  onFilter: (range: DateRange) => void;
}

export function ChartCard({ title, testId, bars, range, onFilter }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const [draft, setDraft] = useState(range);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }} data-testid={`${testId}-title`}>
        {title}
      </Typography>
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center", mb: 2 }}>
        <DateField
          label={t("dashboard.charts.initialDate")}
          value={draft.initialDate}
          onChange={(initialDate) => setDraft({ ...draft, initialDate })}
          testId={`${testId}-from`}
        />
        <DateField
          label={t("dashboard.charts.finalDate")}
          value={draft.finalDate}
          onChange={(finalDate) => setDraft({ ...draft, finalDate })}
          testId={`${testId}-to`}
        />
        <Button variant="contained" onClick={() => onFilter(draft)} data-testid={`${testId}-filter`}>
          {t("dashboard.charts.filter")}
        </Button>
      </Box>
      {bars.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: "center" }}>
          {t("dashboard.charts.empty")}
        </Typography>
      ) : (
        <Box sx={{ height: 300 }} data-testid={`${testId}-bars`} data-bars={bars.length}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={bars} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
              <XAxis dataKey="label" tick={{ fill: theme.palette.text.secondary, fontSize: 12 }} />
              <YAxis allowDecimals={false} tick={{ fill: theme.palette.text.secondary, fontSize: 12 }} />
              <Tooltip
                contentStyle={{ background: theme.palette.background.paper, borderColor: theme.palette.divider }}
              />
              <Bar
                maxBarSize={56}
                dataKey="value"
                name={t("dashboard.charts.tickets")}
                fill={theme.palette.primary.main}
              />
            </BarChart>
          </ResponsiveContainer>
        </Box>
      )}
    </Paper>
  );
}
