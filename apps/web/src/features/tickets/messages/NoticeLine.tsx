/**
 * What happened rather than what was said (mediaType "notice"): a number
 * change in the agent's words, any other WhatsApp event in WhatsApp's; and the
 * reason WhatsApp gave for a kind it could not hand over.
 */
import { Typography } from "@mui/material";
import InfoOutlined from "@mui/icons-material/InfoOutlined";
import type { MessageDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { noticeKey } from "./detailRules";

export function NoticeLine({ message }: { message: MessageDto }) {
  const { t } = useTranslation();
  const notice = message.details?.notice;
  const text = notice
    ? t(noticeKey(notice), { from: notice.from, to: notice.to, reason: notice.reason || message.body })
    : message.body;
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{ display: "flex", alignItems: "center", gap: 0.5, fontStyle: "italic", overflowWrap: "anywhere" }}
      data-testid="message-notice"
    >
      <InfoOutlined fontSize="inherit" />
      {text}
    </Typography>
  );
}

/** The reason under an unsupported kind's notice (on the Cloud API WhatsApp's: "Message type unknown — … (#131051)"). */
export function NoticeReason({ message }: { message: MessageDto }) {
  const { t } = useTranslation();
  const reason = message.details?.notice?.reason;
  if (message.mediaType !== "unsupported" || !reason) return null;
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      sx={{ display: "block", overflowWrap: "anywhere" }}
      data-testid="message-notice-reason"
    >
      {t("messageDetails.notice.reason", { reason })}
    </Typography>
  );
}
