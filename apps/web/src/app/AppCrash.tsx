/**
 * What the router shows when a page throws while rendering: the catalogue's unexpected-error
 * text and a reload, instead of react-router's developer page (the error itself goes to the console).
 */
import { Box, Button, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

export function AppCrash() {
  const { t } = useTranslation();
  return (
    <Box role="alert" sx={{ minHeight: "100vh", display: "grid", placeItems: "center", p: 3 }}>
      <Box sx={{ textAlign: "center" }}>
        <Typography variant="h6" sx={{ mb: 2 }}>
          {t("backendErrors.ERR_INTERNAL_SERVER_ERROR")}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t("mainLayout.refresh")}
        </Button>
      </Box>
    </Box>
  );
}
