/** Pieces of the message input bar: an icon action with its tooltip, and the recording bar (mm:ss, cancel, send). */
import type { MouseEvent, ReactNode } from "react";
import { Box, IconButton, Tooltip, Typography } from "@mui/material";
import CancelOutlined from "@mui/icons-material/HighlightOff";
import CheckCircle from "@mui/icons-material/CheckCircle";
import { useTranslation } from "react-i18next";
import { recordingTime } from "./inputRules";

/** An icon button of the input bar with its tooltip (kept on a span so it shows while disabled). */
export function InputAction(props: {
  label: string;
  disabled: boolean;
  onClick: (e: MouseEvent<HTMLElement>) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Tooltip title={props.label}>
      <span>
        <IconButton
          disabled={props.disabled}
          onClick={props.onClick}
          aria-label={props.label}
          data-testid={props.testId}
        >
          {props.children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function RecordingBar({
  seconds,
  onCancel,
  onSend,
}: {
  seconds: number;
  onCancel: () => void;
  onSend: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ flex: 1, display: "flex", alignItems: "center", justifyContent: "flex-end", gap: 1, pb: 0.5 }}
      data-testid="recording"
    >
      <Box
        sx={{
          width: 10,
          height: 10,
          borderRadius: "50%",
          bgcolor: "error.main",
          animation: "pulse 1s infinite alternate",
          "@keyframes pulse": { to: { opacity: 0.3 } },
        }}
      />
      <Typography variant="body2" data-testid="recording-timer" sx={{ fontVariantNumeric: "tabular-nums" }}>
        {recordingTime(seconds)}
      </Typography>
      <IconButton
        color="error"
        onClick={onCancel}
        aria-label={t("messagesInput.cancelRecording")}
        data-testid="recording-cancel"
      >
        <CancelOutlined />
      </IconButton>
      <IconButton
        color="success"
        onClick={onSend}
        aria-label={t("messagesInput.sendRecording")}
        data-testid="recording-send"
      >
        <CheckCircle />
      </IconButton>
    </Box>
  );
}
