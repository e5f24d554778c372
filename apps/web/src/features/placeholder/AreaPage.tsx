/** An area not built yet: its title, so every route of the spec is reachable. */
import { Paper, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

export function AreaPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 3 }} variant="outlined">
      <Typography variant="h5" component="h1" gutterBottom>
        {t(titleKey)}
      </Typography>
      <Typography color="text.secondary">{t("placeholder.comingSoon")}</Typography>
    </Paper>
  );
}
