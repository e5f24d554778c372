/**
 * One message (core-platform §2.10): incoming left, outgoing right; group
 * sender names; deleted in italics with an icon; "edited"; the quoted
 * message; the content by kind; time and ack; a failed send with Retry; and
 * the options menu (Reply; for the user's own messages Delete, or "Hide for
 * the team" where WhatsApp cannot delete it (the Cloud API); Transcrever for
 * audio when the ticket's queue or connection has an AI prompt).
 */
import { memo, useState } from "react";
import { Box, Button, IconButton, Menu, MenuItem, Paper, Tooltip, Typography } from "@mui/material";
import Block from "@mui/icons-material/Block";
import VisibilityOff from "@mui/icons-material/VisibilityOffOutlined";
import ErrorOutline from "@mui/icons-material/ErrorOutlineOutlined";
import ExpandMore from "@mui/icons-material/ExpandMore";
import type { MessageDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { AckIcon } from "./AckIcon";
import { EditHistory } from "./EditHistory";
import { ForwardedMark } from "./ForwardedMark";
import { MessageContent } from "./MessageContent";
import { NoticeReason } from "./NoticeLine";
import { bodyKind, deleteScopeOf, timeLabel } from "./messageRules";
import { QuotedMessage } from "./QuotedMessage";
import { ReferralBanner } from "./ReferralBanner";
import { WhatsappMarks } from "./WhatsappMarks";

interface Props {
  message: MessageDto;
  isGroup: boolean;
  /** Read-only lists (the admin's peek) have no menu and no retry. */
  readOnly?: boolean;
  onReply?: (message: MessageDto) => void;
  /** Given for the user's own messages: Delete, or Hide for the team (deleteScopeOf). */
  onDelete?: (message: MessageDto) => void;
  onRetry?: (message: MessageDto) => void;
  /** Given when audio messages may be transcribed (the ticket's queue or connection has a prompt); one already transcribed is not offered. */
  onTranscribe?: (message: MessageDto) => void;
  /** This message is being transcribed. */
  transcribing?: boolean;
  /** A failed message of an earlier ticket of the contact cannot be sent again from here. */
  retryable?: boolean;
}

export const MessageBubble = memo(function MessageBubble(props: Props) {
  const { message, isGroup, readOnly, onReply, onDelete, onRetry, onTranscribe, retryable = true } = props;
  const { t } = useTranslation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const mine = message.fromMe;
  const failed = Boolean(message.sendError);
  const hidden = message.isDeleted && message.details?.hiddenForTeam === true;
  const hideOnly = deleteScopeOf(message) === "team";
  return (
    <Box
      sx={{ display: "flex", justifyContent: mine ? "flex-end" : "flex-start", px: { xs: 1, sm: 2 }, py: 0.25 }}
      data-testid={`message-${message.id}`}
      data-from-me={mine}
    >
      <Paper
        elevation={0}
        sx={(theme) => ({
          position: "relative",
          maxWidth: { xs: "85%", md: "70%" },
          minWidth: 96,
          px: 1.25,
          pt: 0.75,
          pb: 0.5,
          borderRadius: 2,
          borderTopRightRadius: mine ? 4 : 16,
          borderTopLeftRadius: mine ? 16 : 4,
          bgcolor: mine ? (theme.palette.mode === "dark" ? "#005c4b" : "#d9fdd3") : "background.paper",
          boxShadow: "0 1px 0.5px rgba(11,20,26,.13)",
          "&:hover .message-menu": { opacity: 1 },
        })}
      >
        {!readOnly && (
          <IconButton
            size="small"
            className="message-menu"
            aria-label={t("messagesList.options")}
            data-testid="message-options"
            onClick={(e) => setMenu(e.currentTarget)}
            sx={{ position: "absolute", top: 0, right: 0, p: 0.25, opacity: { xs: 1, md: 0 }, bgcolor: "inherit" }}
          >
            <ExpandMore fontSize="small" />
          </IconButton>
        )}
        {isGroup && !mine && message.contact && (
          <Typography
            variant="caption"
            color="primary"
            sx={{ fontWeight: 600, display: "block" }}
            data-testid="message-sender"
          >
            {message.contact.name}
          </Typography>
        )}
        {message.details?.forwarded && <ForwardedMark forwarded={message.details.forwarded} />}
        {message.details?.referral && <ReferralBanner referral={message.details.referral} />}
        {message.quotedMsg && <QuotedMessage quoted={message.quotedMsg} />}
        {message.isDeleted ? (
          <Box
            sx={{
              display: "flex",
              alignItems: "center",
              gap: 0.5,
              fontStyle: "italic",
              color: "text.secondary",
              pr: 2,
            }}
            data-testid="message-deleted"
          >
            {hidden ? <VisibilityOff fontSize="small" /> : <Block fontSize="small" />}
            <Typography variant="body2" sx={{ fontStyle: "italic", whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {!mine && `${t("messagesList.deletedMessage")} `}
              <WhatsappMarks text={message.body} />
            </Typography>
          </Box>
        ) : (
          <Box sx={{ pr: readOnly ? 0 : 2 }}>
            <MessageContent message={message} transcribing={props.transcribing} />
            <NoticeReason message={message} />
          </Box>
        )}
        {hidden && (
          <Typography variant="caption" color="text.secondary" sx={{ display: "block" }} data-testid="message-hidden">
            {t("messagesList.hiddenForTeam")}
          </Typography>
        )}
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "flex-end", gap: 0.5, mt: 0.25 }}>
          {message.isEdited && <EditHistory edits={message.details?.edits} />}
          <Typography variant="caption" color="text.secondary" sx={{ fontSize: 11 }}>
            {timeLabel(message.createdAt)}
          </Typography>
          {mine && !failed && <AckIcon ack={message.ack} />}
          {mine && failed && (
            <Tooltip title={message.sendError ?? ""}>
              <ErrorOutline color="error" sx={{ fontSize: 16 }} data-testid="message-failed" />
            </Tooltip>
          )}
        </Box>
        {mine && failed && !readOnly && retryable && (
          <Box sx={{ display: "flex", alignItems: "center", justifyContent: "flex-end", gap: 1 }}>
            <Typography variant="caption" color="error">
              {t("messagesList.sendFailed")}
            </Typography>
            <Button
              size="small"
              color="error"
              onClick={() => onRetry?.(message)}
              data-testid="message-retry"
              sx={{ minWidth: 0, py: 0 }}
            >
              {t("messagesList.retry")}
            </Button>
          </Box>
        )}
      </Paper>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          data-testid="message-reply"
          onClick={() => {
            setMenu(null);
            onReply?.(message);
          }}
        >
          {t("messageOptionsMenu.reply")}
        </MenuItem>
        {onTranscribe && !message.isDeleted && !message.transcription && bodyKind(message) === "audio" && (
          <MenuItem
            data-testid="message-transcribe"
            disabled={props.transcribing}
            onClick={() => {
              setMenu(null);
              onTranscribe(message);
            }}
          >
            {t("messageOptionsMenu.transcribe")}
          </MenuItem>
        )}
        {onDelete && !message.isDeleted && (
          <MenuItem
            data-testid={hideOnly ? "message-hide" : "message-delete"}
            onClick={() => {
              setMenu(null);
              onDelete(message);
            }}
          >
            {t(hideOnly ? "messageOptionsMenu.hideForTeam" : "messageOptionsMenu.delete")}
          </MenuItem>
        )}
      </Menu>
    </Box>
  );
});
