/**
 * The counter cards (core-platform §2.15), plus, beyond the spec, the resolution time on the clock and the
 * first-response and resolution times counted in business hours.
 */
import type { ReactNode } from "react";
import { Box, Paper, Typography } from "@mui/material";
import Call from "@mui/icons-material/Call";
import HourglassEmpty from "@mui/icons-material/HourglassEmpty";
import CheckCircle from "@mui/icons-material/CheckCircle";
import GroupAdd from "@mui/icons-material/GroupAdd";
import AccessAlarm from "@mui/icons-material/AccessAlarm";
import Timer from "@mui/icons-material/Timer";
import TaskAlt from "@mui/icons-material/TaskAlt";
import QuestionAnswer from "@mui/icons-material/QuestionAnswer";
import WorkHistory from "@mui/icons-material/WorkHistory";
import type { DashboardCounters } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { hoursAndMinutes } from "./dates";

function Card({ label, value, icon, testId }: { label: string; value: ReactNode; icon: ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, display: "flex", alignItems: "center", gap: 2 }} data-testid={testId}>
      <Box sx={{ color: "primary.main", display: "flex", fontSize: 40 }}>{icon}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" data-testid={`${testId}-value`}>
          {value}
        </Typography>
      </Box>
    </Paper>
  );
}

export function CounterCards({ counters }: { counters: DashboardCounters | undefined }) {
  const { t } = useTranslation();
  const n = (v: number | undefined) => (v === undefined ? "–" : v);
  const time = (v: number | undefined) => (v === undefined ? "–" : hoursAndMinutes(v));
  const cards = [
    { key: "inConversation", value: n(counters?.supportHappening), icon: <Call fontSize="inherit" /> },
    { key: "waiting", value: n(counters?.supportPending), icon: <HourglassEmpty fontSize="inherit" /> },
    { key: "finished", value: n(counters?.supportFinished), icon: <CheckCircle fontSize="inherit" /> },
    { key: "newContacts", value: n(counters?.leads), icon: <GroupAdd fontSize="inherit" /> },
    { key: "avgSupportTime", value: time(counters?.avgSupportTime), icon: <AccessAlarm fontSize="inherit" /> },
    { key: "avgWaitTime", value: time(counters?.avgWaitTime), icon: <Timer fontSize="inherit" /> },
    { key: "avgResolutionTime", value: time(counters?.avgResolutionTime), icon: <TaskAlt fontSize="inherit" /> },
    {
      key: "avgFirstResponseBusinessTime",
      value: time(counters?.avgFirstResponseBusinessTime),
      icon: <QuestionAnswer fontSize="inherit" />,
    },
    {
      key: "avgResolutionBusinessTime",
      value: time(counters?.avgResolutionBusinessTime),
      icon: <WorkHistory fontSize="inherit" />,
    },
  ];
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))" }}>
      {cards.map((c) => (
        <Card
          key={c.key}
          label={t(`dashboard.counters.${c.key}`)}
          value={c.value}
          icon={c.icon}
          testId={`dashboard-${c.key}`}
        />
      ))}
    </Box>
  );
}
