/**
 * The attendants table (core-platform §2.15): name, rating as up to 3
 * read-only stars, average support time "HH h mm m", online status; and,
 * beyond the spec, the average resolution time and the tickets closed.
 */
import { Paper, Rating, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from "@mui/material";
import Circle from "@mui/icons-material/Circle";
import type { DashboardAttendant } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { hoursAndMinutes } from "./dates";

function Stars({ rating }: { rating: number | null }) {
  const { t } = useTranslation();
  const label = rating === null ? t("dashboard.ratings.none") : t(`dashboard.ratings.${Math.round(rating)}`);
  return (
    <Tooltip title={label}>
      <span data-testid="attendant-rating" data-rating={rating ?? ""}>
        <Rating value={rating ?? 0} max={3} precision={0.5} readOnly aria-label={label} />
      </span>
    </Tooltip>
  );
}

function Online({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Typography
      variant="body2"
      sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}
      data-testid="attendant-online"
      data-online={online}
    >
      <Circle sx={{ fontSize: 12, color: online ? "success.main" : "text.disabled" }} />
      {online ? t("dashboard.attendants.online") : t("dashboard.attendants.offline")}
    </Typography>
  );
}

export function AttendantsTable({ attendants }: { attendants: DashboardAttendant[] }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ overflowX: "auto" }}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {t("dashboard.attendants.title")}
      </Typography>
      <Table size="small" data-testid="dashboard-attendants">
        <TableHead>
          <TableRow>
            <TableCell>{t("dashboard.attendants.name")}</TableCell>
            <TableCell align="center">{t("dashboard.attendants.rating")}</TableCell>
            <TableCell align="center">{t("dashboard.attendants.avgSupportTime")}</TableCell>
            <TableCell align="center">{t("dashboard.attendants.avgResolutionTime")}</TableCell>
            <TableCell align="center">{t("dashboard.attendants.tickets")}</TableCell>
            <TableCell align="center">{t("dashboard.attendants.status")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {attendants.map((a) => (
            <TableRow key={a.id} data-testid={`attendant-row-${a.id}`}>
              <TableCell>{a.name}</TableCell>
              <TableCell align="center">
                <Stars rating={a.rating} />
              </TableCell>
              <TableCell align="center" data-testid="attendant-support-time">
                {hoursAndMinutes(a.avgSupportTime)}
              </TableCell>
              <TableCell align="center">{hoursAndMinutes(a.avgResolutionTime)}</TableCell>
              <TableCell align="center">{a.tickets}</TableCell>
              <TableCell align="center">
                <Online online={a.online} />
              </TableCell>
            </TableRow>
          ))}
          {attendants.length === 0 && (
            <TableRow>
              <TableCell colSpan={6}>
                <Typography color="text.secondary">{t("dashboard.attendants.empty")}</Typography>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Paper>
  );
}
