/** The admin's view of the company's media storage on the settings page (issue 29 item 9). */
import { Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useOwnCompany } from "../subscription/useOwnCompany";
import { StorageUsage } from "./StorageUsage";

export function OwnStorage() {
  const { t } = useTranslation();
  const company = useOwnCompany().data;
  if (!company) return null;
  return (
    <Box sx={{ mb: 2, maxWidth: 420 }} data-testid="own-storage">
      <Typography variant="subtitle2">{t("settings.storage.title")}</Typography>
      <StorageUsage usedBytes={company.storageUsedBytes} limitMb={company.plan?.storageMb ?? null} />
      <Typography variant="caption" color="text.secondary">
        {t("settings.storage.help")}
      </Typography>
    </Box>
  );
}
