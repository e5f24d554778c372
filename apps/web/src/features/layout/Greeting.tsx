/** "Olá {name}, seja bem-vindo a {company}!" and, for an admin on a wide screen, the due date (core-platform §2.2). */
import { Typography, useMediaQuery, useTheme, type SxProps, type Theme } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../app/auth";
import { formatDueDate } from "./subscription";

export function Greeting({ sx }: { sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up("md"), { noSsr: true });
  if (!user) return null;
  const dueDate = user.company.dueDate;
  const showDue = wide && user.profile === "admin" && dueDate;
  return (
    <Typography data-testid="greeting" variant="body1" noWrap sx={sx} title={user.company.name}>
      {t("mainLayout.greeting", { name: user.name, company: user.company.name })}
      {showDue && <> {t("mainLayout.activeUntil", { date: formatDueDate(dueDate) })}</>}
    </Typography>
  );
}
