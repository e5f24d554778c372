/**
 * §2 Image, audio and video uploads: one file each (png/jpg/jpeg ≤ 2 MB, ogg/mp3 ≤ 5 MB,
 * mp4 ≤ 20 MB; the video's "ATENÇÃO! Apenas videos em MP4!"), the audio's switch "Enviar
 * como audio gravado na hora". Images are compressed at 0.7; the file goes to
 * /flowbuilder/img or /flowbuilder/audio (video too) and its stored name becomes data.url.
 * Editing without a new file keeps the stored one.
 */
import { useState } from "react";
import { Alert, Box, FormControlLabel, FormHelperText, Switch, Typography } from "@mui/material";
import { flowUploadWaits } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { compressImage } from "../media/compress";
import { FilePicker } from "../media/FilePicker";
import { FlowMedia, MediaElement } from "../media/FlowMedia";
import { uploadFlowMedia } from "../media/upload";
import { useChosenFile } from "../media/useChosenFile";
import { BlockDialogShell, blockDialog } from "./BlockDialogShell";
import { str } from "./read";
import { errorKey, mediaData, type MediaBlock } from "./rules";
import type { BlockDialog, BlockDialogProps } from "./types";
import { useUpload } from "./useUpload";

function MediaForm({ block, mode, data, onSave, onClose }: BlockDialogProps & { block: MediaBlock }) {
  const { t } = useTranslation();
  const stored = str(data?.url);
  const chosen = useChosenFile();
  const [record, setRecord] = useState(data?.record === true);
  const [error, setError] = useState<string | null>(null);
  const upload = useUpload();

  const submit = () => {
    const file = chosen.file;
    if (!file) {
      if (!stored) return setError(errorKey("noFile"));
      return onSave(mediaData(block, stored, record));
    }
    void upload.run(
      async () => uploadFlowMedia(block, block === "img" ? await compressImage(file) : file),
      `flowDialogs.${block}.success`,
      flowUploadWaits.mediaMs,
      (name) => onSave(mediaData(block, name, record)),
    );
  };

  return (
    <BlockDialogShell mode={mode} block={block} onClose={onClose} onSubmit={submit} busy={upload.busy}>
      {block === "video" && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t("flowDialogs.video.warning")}
        </Alert>
      )}
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <FilePicker
          kind={block}
          label={t(`flowDialogs.${block}.pick`)}
          testId={`flow-${block}-file`}
          disabled={upload.busy}
          onPick={(file) => {
            chosen.setFile(file);
            setError(null);
          }}
        />
        <Typography variant="caption" color="text.secondary">
          {t(`flowDialogs.${block}.hint`)}
        </Typography>
      </Box>
      {error && <FormHelperText error>{t(error)}</FormHelperText>}
      <Box sx={{ mt: 2 }} data-testid="flow-media-preview">
        {chosen.file && (
          <Typography variant="body2" gutterBottom>
            {t("flowDialogs.media.chosen", { name: chosen.file.name })}
          </Typography>
        )}
        {chosen.preview ? (
          <MediaElement type={block} src={chosen.preview} maxHeight={240} />
        ) : (
          stored && <FlowMedia type={block} url={stored} maxHeight={240} />
        )}
      </Box>
      {block === "audio" && (
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Switch checked={record} onChange={(e) => setRecord(e.target.checked)} data-testid="flow-audio-record" />
          }
          label={t("flowDialogs.audio.record")}
        />
      )}
    </BlockDialogShell>
  );
}

function mediaDialog(block: MediaBlock): BlockDialog {
  function Form(props: BlockDialogProps) {
    return <MediaForm {...props} block={block} />;
  }
  Form.displayName = `MediaDialog(${block})`;
  return blockDialog(Form);
}

export const ImageDialog = mediaDialog("img");
export const AudioDialog = mediaDialog("audio");
export const VideoDialog = mediaDialog("video");
