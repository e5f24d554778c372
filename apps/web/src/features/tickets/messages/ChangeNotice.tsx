/**
 * A notice about an earlier message (quoted above it) that WhatsApp Web
 * sealed with that message's secret: an edit the server could not read, or
 * how the customer answered an event.
 */
import { Typography } from "@mui/material";
import type { MessageDetails } from "@balcao/contracts";
import { useTranslation } from "react-i18next";

const answers = new Set(["GOING", "NOT_GOING", "MAYBE"]);

export function ChangeNotice({ notice }: { notice: NonNullable<MessageDetails["notice"]> }) {
  const { t } = useTranslation();
  const text =
    notice.kind === "editUnreadable"
      ? t("messageDetails.edits.unreadable")
      : t(`messageDetails.event.answer.${answers.has(notice.reason) ? notice.reason : "unknown"}`);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ fontStyle: "italic" }} data-testid="message-notice">
      {text}
    </Typography>
  );
}
