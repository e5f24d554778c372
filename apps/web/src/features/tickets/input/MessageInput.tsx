/**
 * The message input (core-platform §2.11): emoji picker, attach or paste
 * files (preview mode), the "sign message" switch on md+ screens (stored as
 * signOption), a text box of up to 5 rows, "/" quick answers, send, audio
 * recording with an mm:ss timer, and the reply bar. Everything is disabled
 * unless the ticket is open, and the options while sending or recording.
 */
import { lazy, Suspense, useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { Box, FormControlLabel, IconButton, Popover, Switch, TextField, Typography } from "@mui/material";
import AttachFile from "@mui/icons-material/AttachFile";
import EmojiEmotionsOutlined from "@mui/icons-material/EmojiEmotionsOutlined";
import Mic from "@mui/icons-material/Mic";
import Send from "@mui/icons-material/Send";
import { limits, type QuickMessageDto, type TicketDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { fetchBlob } from "../../../api/download";
import { ApiError } from "../../../api/http";
import { readStored, writeStored } from "../../../api/storage";
import { toastError } from "../../../api/toast-error";
import { useAuth } from "../../../app/auth";
import { apiPath } from "../messages/useMediaUrl";
import { useReply } from "../messages/replyContext";
import {
  isRecordingKept,
  isSendable,
  quickAnswerMatches,
  quickAnswerSearch,
  quickMediaFileName,
  readSignOption,
  recordedAudioName,
  sendWasStored,
  signedBody,
} from "./inputRules";
import { MediaPreview } from "./MediaPreview";
import { QuickAnswers, useQuickMessages } from "./QuickAnswers";
import { InputAction, RecordingBar } from "./InputBar";
import { ReplyBar } from "./ReplyBar";
import { useAudioRecorder } from "./useAudioRecorder";
import { useSendMessage } from "./useSendMessage";

const EmojiPicker = lazy(() => import("./EmojiPicker"));

const errorCode = (err: unknown) => (err instanceof ApiError ? err.code : undefined);

export function MessageInput({ ticket, disabled }: { ticket: TicketDto; disabled: boolean }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { replyingTo, setReplyingTo } = useReply();
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [sign, setSign] = useState(() => readSignOption(readStored("signOption")));
  const [emojiAnchor, setEmojiAnchor] = useState<HTMLElement | null>(null);
  const [highlighted, setHighlighted] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const textBox = useRef<HTMLTextAreaElement>(null);
  const send = useSendMessage(ticket.id);
  const recorder = useAudioRecorder();
  const quick = useQuickMessages(disabled ? null : quickAnswerSearch(text));
  const suggestions = disabled ? [] : quickAnswerMatches(text, quick.data ?? []);
  const busy = disabled || send.sending || recorder.recording;

  const afterSend = () => {
    setText("");
    setReplyingTo(null);
    textBox.current?.focus();
  };

  const sendText = () => {
    if (busy || !isSendable(text)) return;
    const body = signedBody(text.trim(), user?.name ?? "", sign);
    send.text.mutate(
      { body, quotedMsg: replyingTo },
      { onSuccess: afterSend, onError: (err) => sendWasStored(errorCode(err)) && afterSend() },
    );
  };

  const sendFiles = () => {
    const list = files.map((file) => ({ file, body: file.name }));
    const done = () => setFiles([]);
    send.files.mutate(list, { onSuccess: done, onError: (err) => sendWasStored(errorCode(err)) && done() });
  };

  const pickQuick = async (q: QuickMessageDto) => {
    setHighlighted(0);
    if (!q.mediaPath) {
      setText(q.message);
      return;
    }
    try {
      const blob = await fetchBlob(apiPath(q.mediaPath));
      const file = new File([blob], quickMediaFileName(q.mediaPath), { type: blob.type });
      send.files.mutate([{ file, body: q.message }], { onSuccess: afterSend });
    } catch (err) {
      toastError(err);
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (suggestions.length > 0 && (e.key === "ArrowDown" || e.key === "ArrowUp")) {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setHighlighted((h) => (h + step + suggestions.length) % suggestions.length);
      return;
    }
    if (e.key !== "Enter" || e.shiftKey) return;
    e.preventDefault();
    const picked = suggestions[highlighted] ?? suggestions[0];
    if (picked) void pickQuick(picked);
    else sendText();
  };

  const onPaste = (e: ClipboardEvent) => {
    if (busy) return e.preventDefault();
    const pasted = Array.from(e.clipboardData.files);
    if (pasted.length === 0) return;
    e.preventDefault();
    setFiles(pasted);
  };

  const stopRecording = async () => {
    const blob = await recorder.stop();
    if (!isRecordingKept(blob.size)) {
      toast.info(t("messagesInput.recordingTooShort"));
      return;
    }
    const name = recordedAudioName();
    send.files.mutate([{ file: new File([blob], name, { type: "audio/mpeg" }), body: name }]);
  };

  const startRecording = () => {
    recorder.start().catch(() => toast.error(t("messagesInput.microphoneRefused")));
  };

  if (files.length > 0) {
    return (
      <MediaPreview files={files} sending={send.files.isPending} onCancel={() => setFiles([])} onSend={sendFiles} />
    );
  }

  return (
    <Box
      sx={{ borderTop: 1, borderColor: "divider", bgcolor: "background.paper", position: "relative" }}
      data-testid="message-input"
    >
      {replyingTo && !disabled && <ReplyBar message={replyingTo} onCancel={() => setReplyingTo(null)} />}
      {suggestions.length > 0 && (
        <QuickAnswers options={suggestions} highlighted={highlighted} onPick={(q) => void pickQuick(q)} />
      )}
      <Box sx={{ display: "flex", alignItems: "flex-end", gap: 0.5, px: 1, py: 1 }}>
        <InputAction
          label={t("messagesInput.emoji")}
          disabled={busy}
          onClick={(e) => setEmojiAnchor(e.currentTarget)}
          testId="emoji-button"
        >
          <EmojiEmotionsOutlined />
        </InputAction>
        <InputAction
          label={t("messagesInput.attach")}
          disabled={busy}
          onClick={() => fileInput.current?.click()}
          testId="attach-button"
        >
          <AttachFile />
        </InputAction>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          data-testid="attach-input"
          onChange={(e) => {
            setFiles(Array.from(e.target.files ?? []));
            e.target.value = "";
          }}
        />
        <FormControlLabel
          sx={{ display: { xs: "none", md: "inline-flex" }, mx: 0.5, mb: 0.75 }}
          label={<Typography variant="caption">{t("messagesInput.signMessage")}</Typography>}
          labelPlacement="bottom"
          disabled={busy}
          control={
            <Switch
              size="small"
              checked={sign}
              data-testid="sign-switch"
              onChange={(e) => {
                setSign(e.target.checked);
                writeStored("signOption", e.target.checked);
              }}
            />
          }
        />
        {recorder.recording ? (
          <RecordingBar seconds={recorder.seconds} onCancel={recorder.cancel} onSend={() => void stopRecording()} />
        ) : (
          <>
            <TextField
              inputRef={textBox}
              multiline
              maxRows={limits.messageBoxRows}
              fullWidth
              size="small"
              disabled={disabled}
              placeholder={disabled ? t("messagesInput.placeholderClosed") : t("messagesInput.placeholderOpen")}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setHighlighted(0);
              }}
              onKeyDown={onKeyDown}
              onPaste={onPaste}
              slotProps={{ htmlInput: { "data-testid": "message-text" } }}
              sx={{ "& .MuiOutlinedInput-root": { borderRadius: 3, bgcolor: "action.hover" } }}
            />
            {isSendable(text) ? (
              <IconButton
                color="primary"
                disabled={busy}
                onClick={sendText}
                aria-label={t("messagesInput.send")}
                data-testid="send-button"
              >
                <Send />
              </IconButton>
            ) : (
              <InputAction
                label={t("messagesInput.record")}
                disabled={busy}
                onClick={startRecording}
                testId="record-button"
              >
                <Mic />
              </InputAction>
            )}
          </>
        )}
      </Box>
      <Popover
        open={emojiAnchor !== null}
        anchorEl={emojiAnchor}
        onClose={() => setEmojiAnchor(null)}
        anchorOrigin={{ vertical: "top", horizontal: "left" }}
        transformOrigin={{ vertical: "bottom", horizontal: "left" }}
        // emoji-mart's own size, so the popover is placed right before the picker's chunk arrives.
        slotProps={{ paper: { sx: { width: 352, height: 435, maxWidth: "calc(100vw - 32px)" } } }}
      >
        <Suspense fallback={null}>
          <EmojiPicker onPick={(emoji) => setText((v) => v + emoji)} />
        </Suspense>
      </Popover>
    </Box>
  );
}
