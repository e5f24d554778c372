/** WhatsApp's "Forwarded" / "Forwarded many times" mark at the top of a bubble. */
import { Typography } from "@mui/material";
import Shortcut from "@mui/icons-material/Shortcut";
import type { MessageDetails } from "@balcao/contracts";
import { useTranslation } from "react-i18next";

export function ForwardedMark({ forwarded }: { forwarded: NonNullable<MessageDetails["forwarded"]> }) {
  const { t } = useTranslation();
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      sx={{ display: "flex", alignItems: "center", gap: 0.5, fontStyle: "italic" }}
      data-testid="message-forwarded"
    >
      <Shortcut sx={{ fontSize: 14 }} />
      {forwarded === "frequently" ? t("messageDetails.forwarded.frequently") : t("messageDetails.forwarded.forwarded")}
    </Typography>
  );
}
