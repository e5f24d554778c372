/**
 * A list's last import where people look for it (issue 29): a line under the list's name on the lists
 * page, and an alert at the top of its contacts; both follow the list's realtime updates.
 */
import { Alert, Typography } from "@mui/material";
import type { ContactListImportOutcome } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { lastImportLine } from "./lastImportLine";

const colors = { info: "text.secondary", success: "success.main", warning: "warning.main", error: "error.main" };

function useLastImportText(outcome: ContactListImportOutcome | null) {
  const { t } = useTranslation();
  const line = lastImportLine(outcome);
  return line && { severity: line.severity, text: line.texts.map(([key, values]) => t(key, values)).join(" ") };
}

export function LastImportCaption({ outcome }: { outcome: ContactListImportOutcome | null }) {
  const shown = useLastImportText(outcome);
  if (!shown) return null;
  return (
    <Typography
      variant="caption"
      sx={{ display: "block", color: colors[shown.severity] }}
      data-testid="contact-list-last-import"
      data-status={outcome?.status}
    >
      {shown.text}
    </Typography>
  );
}

export function LastImportAlert({ outcome }: { outcome: ContactListImportOutcome | null }) {
  const shown = useLastImportText(outcome);
  if (!shown) return null;
  return (
    <Alert severity={shown.severity} sx={{ mb: 2 }} data-testid="items-last-import" data-status={outcome?.status}>
      {shown.text}
    </Alert>
  );
}
