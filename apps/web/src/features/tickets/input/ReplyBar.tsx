/** The reply preview above the input (core-platform §2.11): the quoted body, its author, and cancel. */
import { Box, IconButton } from "@mui/material";
import Close from "@mui/icons-material/Close";
import type { MessageDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { QuotedMessage } from "../messages/QuotedMessage";

export function ReplyBar({ message, onCancel }: { message: MessageDto; onCancel: () => void }) {
  const { t } = useTranslation();
  const quoted = {
    id: message.id,
    fromMe: message.fromMe,
    body: message.body,
    mediaType: message.mediaType,
    mediaUrl: message.mediaUrl,
    contact: message.contact ? { name: message.contact.name } : null,
  };
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, pt: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <QuotedMessage quoted={quoted} testId="reply-preview" />
      </Box>
      <IconButton
        size="small"
        onClick={onCancel}
        aria-label={t("messagesInput.cancelReply")}
        data-testid="reply-cancel"
      >
        <Close fontSize="small" />
      </IconButton>
    </Box>
  );
}
