/**
 * What a bubble holds, by mediaType (core-platform §2.10): location preview,
 * image, audio and video players, a missed call, a contact card, a download
 * button for any other file, a notice for a file that was not received or a
 * kind the server cannot show, an order, a notice, or text.
 */
import { Box, Button, CircularProgress, Typography } from "@mui/material";
import BlockOutlined from "@mui/icons-material/BlockOutlined";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import PhoneMissed from "@mui/icons-material/PhoneMissed";
import type { MessageDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { downloadFile } from "../../../api/download";
import { toastError } from "../../../api/toast-error";
import { bodyKind, kindKey, parseLocation, timeLabel, unsupportedNoticeKey } from "./messageRules";
import { ChangeNotice } from "./ChangeNotice";
import { ContactCards } from "./ContactCards";
import { EventCard } from "./EventCard";
import { PollCard } from "./PollCard";
import { apiPath, useMediaUrl, useNearView } from "./useMediaUrl";
import { NoticeLine } from "./NoticeLine";
import { OrderCard } from "./OrderCard";
import { WhatsappMarks } from "./WhatsappMarks";

export function MessageText({ text }: { text: string }) {
  return (
    <Typography
      variant="body2"
      component="div"
      sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
      data-testid="message-body"
    >
      <WhatsappMarks text={text} />
    </Typography>
  );
}

/** A video note is a round video, as WhatsApp shows it. */
const roundVideo = { width: 240, height: 240, maxWidth: "100%", borderRadius: "50%", bgcolor: "grey.900" };

function Media({ message, kind }: { message: MessageDto; kind: "image" | "audio" | "video" | "videoNote" }) {
  const { ref, near } = useNearView<HTMLDivElement>();
  const { url, failed } = useMediaUrl(message.mediaUrl, near);
  const { t } = useTranslation();
  const box =
    kind === "audio"
      ? { width: 280, maxWidth: "100%" }
      : kind === "videoNote"
        ? roundVideo
        : { width: 300, maxWidth: "100%", minHeight: 120 };
  return (
    <Box
      ref={ref}
      sx={{ display: "grid", placeItems: "center", borderRadius: 1, overflow: "hidden", ...box }}
      data-testid={`message-${kind}`}
    >
      {failed ? (
        <Typography variant="caption" color="text.secondary">
          {t("messagesList.mediaUnavailable")}
        </Typography>
      ) : !url ? (
        <CircularProgress size={20} />
      ) : kind === "image" ? (
        <Box
          component="img"
          src={url}
          alt={message.mediaName ?? ""}
          onClick={() => window.open(url, "_blank", "noopener")}
          sx={{ width: "100%", maxHeight: 320, objectFit: "cover", cursor: "zoom-in", display: "block" }}
        />
      ) : kind === "audio" ? (
        <audio controls src={url} style={{ width: "100%" }} />
      ) : kind === "videoNote" ? (
        // Round, as WhatsApp shows it: no control bar to clip, a tap plays or pauses.
        <video
          src={url}
          playsInline
          title={t("messageDetails.videoNote.play")}
          onClick={(e) => void (e.currentTarget.paused ? e.currentTarget.play() : e.currentTarget.pause())}
          style={{ width: "100%", height: "100%", objectFit: "cover", cursor: "pointer" }}
        />
      ) : (
        <video controls src={url} style={{ width: "100%", maxHeight: 320 }} />
      )}
    </Box>
  );
}

function Location({ body }: { body: string }) {
  const { t } = useTranslation();
  const { imageUrl, link, description } = parseLocation(body);
  return (
    <Box sx={{ width: 260, maxWidth: "100%" }} data-testid="message-location">
      {imageUrl && (
        <Box component="img" src={imageUrl} alt="" sx={{ width: "100%", borderRadius: 1, display: "block" }} />
      )}
      {description && <MessageText text={description} />}
      <Button
        size="small"
        fullWidth
        variant="outlined"
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        sx={{ mt: 1 }}
      >
        {t("messagesList.openLocation")}
      </Button>
    </Box>
  );
}

function FileDownload({ message }: { message: MessageDto }) {
  const { t } = useTranslation();
  const name = message.mediaName ?? message.body;
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadOutlined />}
      data-testid="message-download"
      onClick={() => void downloadFile(apiPath(message.mediaUrl ?? ""), name).catch(toastError)}
      sx={{ textTransform: "none", maxWidth: 280, justifyContent: "flex-start" }}
    >
      <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
        {name || t("messagesList.download")}
      </Box>
    </Button>
  );
}

/** A caption: the body, unless it only repeats the file name (§7.5: a file's body is its name). */
function Caption({ message }: { message: MessageDto }) {
  if (!message.body || message.body === message.mediaName) return null;
  return <MessageText text={message.body} />;
}

/** A voice note's text (issue 17 item 4), under its player; a line while it is being made. */
function Transcription({ message, transcribing }: { message: MessageDto; transcribing?: boolean }) {
  const { t } = useTranslation();
  if (!message.transcription && !transcribing) return null;
  return (
    <Box
      sx={{ mt: 0.5, pl: 1, borderLeft: 2, borderColor: "divider", maxWidth: 280 }}
      data-testid="message-transcription"
    >
      <Typography variant="caption" color="text.secondary" sx={{ display: "block", fontStyle: "italic" }}>
        {message.transcription ? t("messagesList.transcription") : t("messagesList.transcribing")}
      </Typography>
      {message.transcription && <MessageText text={message.transcription} />}
    </Box>
  );
}

export function MessageContent({ message, transcribing }: { message: MessageDto; transcribing?: boolean }) {
  const { t } = useTranslation();
  const kindName = (kind: string) => {
    const key = kindKey(kind);
    return key ? t(key, { defaultValue: kind }) : kind;
  };
  const kind = bodyKind(message);
  switch (kind) {
    case "location":
      return <Location body={message.body} />;
    case "image":
    case "audio":
    case "video":
    case "videoNote":
      return (
        <>
          <Media message={message} kind={kind} />
          {kind === "audio" ? (
            <Transcription message={message} transcribing={transcribing} />
          ) : (
            <Caption message={message} />
          )}
        </>
      );
    case "callLog":
      return (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }} data-testid="message-call-log">
          <PhoneMissed color="error" fontSize="small" />
          <Typography variant="body2">{t("messagesList.lostCall", { time: timeLabel(message.createdAt) })}</Typography>
        </Box>
      );
    case "contactCard":
      return <ContactCards body={message.body} />;
    case "poll":
      return <PollCard poll={message.details!.poll!} />;
    case "event":
      return <EventCard event={message.details!.event!} />;
    case "changeNotice":
      return <ChangeNotice notice={message.details!.notice!} />;
    case "file":
      return (
        <>
          <FileDownload message={message} />
          <Caption message={message} />
        </>
      );
    case "missingFile":
      return (
        <>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: "flex", alignItems: "center", gap: 0.5, fontStyle: "italic" }}
            data-testid="message-missing-file"
          >
            <BlockOutlined fontSize="inherit" />
            {t("messagesList.fileNotReceived")}
          </Typography>
          {message.body && <MessageText text={message.body} />}
        </>
      );
    case "unsupported":
      return (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: "flex", alignItems: "center", gap: 0.5, fontStyle: "italic", overflowWrap: "anywhere" }}
          data-testid="message-unsupported"
        >
          <BlockOutlined fontSize="inherit" />
          {t(unsupportedNoticeKey(message.body), { kind: kindName(message.body) })}
        </Typography>
      );
    case "order":
      return <OrderCard order={message.details!.order!} />;
    case "notice":
      return <NoticeLine message={message} />;
    case "text":
      return <MessageText text={message.body} />;
  }
}
