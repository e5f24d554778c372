/** Chosen or pasted files before they are sent (core-platform §2.11): names, sizes, cancel and send. */
import { Box, Button, Chip, IconButton, Typography } from "@mui/material";
import AttachFile from "@mui/icons-material/AttachFile";
import Close from "@mui/icons-material/Close";
import Send from "@mui/icons-material/Send";
import { useTranslation } from "react-i18next";

interface Props {
  files: File[];
  sending: boolean;
  onCancel: () => void;
  onSend: () => void;
}

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function MediaPreview({ files, sending, onCancel, onSend }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, py: 1.5 }} data-testid="media-preview">
      <IconButton
        onClick={onCancel}
        disabled={sending}
        aria-label={t("messagesInput.cancelMedia")}
        data-testid="media-cancel"
      >
        <Close />
      </IconButton>
      <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexWrap: "wrap", gap: 0.5 }}>
        <Typography variant="body2" color="text.secondary" sx={{ width: "100%" }}>
          {t("messagesInput.filesChosen", { count: files.length })}
        </Typography>
        {files.map((f, i) => (
          <Chip
            key={`${f.name}-${i}`}
            size="small"
            icon={<AttachFile />}
            label={`${f.name} · ${size(f.size)}`}
            sx={{ maxWidth: "100%" }}
          />
        ))}
      </Box>
      <Button variant="contained" endIcon={<Send />} loading={sending} onClick={onSend} data-testid="media-send">
        {t("messagesInput.send")}
      </Button>
    </Box>
  );
}
