/** Stored media against the plan's storage: "1,2 GB de 2 GB" over a bar that turns red when nearly full. */
import { Box, LinearProgress, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatBytes, usedPercent } from "./storage-usage";

interface Props {
  usedBytes: number;
  /** The plan's storage in megabytes; null without a plan (nothing to measure against). */
  limitMb: number | null;
  testId?: string;
}

export function StorageUsage({ usedBytes, limitMb, testId = "storage-usage" }: Props) {
  const { t, i18n } = useTranslation();
  const used = formatBytes(usedBytes, i18n.language);
  if (limitMb === null)
    return (
      <Typography variant="body2" data-testid={testId}>
        {used}
      </Typography>
    );
  const percent = usedPercent(usedBytes, limitMb);
  return (
    <Box sx={{ minWidth: 140 }} data-testid={testId}>
      <Typography variant="body2">
        {t("settings.storage.usage", { used, limit: formatBytes(limitMb * 1024 * 1024, i18n.language) })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent >= 90 ? "error" : "primary"}
        aria-label={t("settings.storage.title")}
        sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}
