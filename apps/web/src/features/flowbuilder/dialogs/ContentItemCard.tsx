/** One item of the content block: a text, an interval in seconds, or an image, audio or video file. */
import { Box, FormControlLabel, IconButton, Paper, Switch, TextField, Typography } from "@mui/material";
import DeleteIcon from "@mui/icons-material/Delete";
import { flowLimits } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { FilePicker } from "../media/FilePicker";
import { FlowMedia, MediaElement } from "../media/FlowMedia";
import { contentMediaKind } from "../media/formats";
import { useChosenPreview } from "../media/useChosenFile";
import type { ContentItem } from "./content";

interface Props {
  item: ContentItem;
  onChange: (change: Partial<ContentItem>) => void;
  onRemove: () => void;
  disabled: boolean;
}

function ItemMedia({ item, onChange, disabled }: Omit<Props, "onRemove">) {
  const { t } = useTranslation();
  const preview = useChosenPreview(item.file);
  if (item.type === "message" || item.type === "interval") return null;
  return (
    <>
      <FilePicker
        kind={contentMediaKind(item.type)}
        label={t(`flowDialogs.${item.type}.pick`)}
        testId={`flow-content-file-${item.number}`}
        disabled={disabled}
        onPick={(file) => onChange({ file })}
      />
      <Box sx={{ mt: 1 }}>
        {(item.file || item.original) && (
          <Typography variant="caption" component="p">
            {t("flowDialogs.media.chosen", { name: item.file?.name ?? item.original })}
          </Typography>
        )}
        {preview ? (
          <MediaElement type={item.type} src={preview} maxHeight={160} />
        ) : (
          item.value && <FlowMedia type={item.type} url={item.value} maxHeight={160} />
        )}
      </Box>
      {item.type === "audio" && (
        <FormControlLabel
          control={<Switch checked={item.record} onChange={(e) => onChange({ record: e.target.checked })} />}
          label={t("flowDialogs.audio.record")}
        />
      )}
    </>
  );
}

export function ContentItemCard({ item, onChange, onRemove, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5 }} data-testid={`flow-content-item-${item.number}`}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
        <Typography variant="subtitle2">{t(`flowDialogs.singleBlock.item.${item.type}`)}</Typography>
        <IconButton
          size="small"
          aria-label={t("flowDialogs.singleBlock.remove")}
          title={t("flowDialogs.singleBlock.remove")}
          onClick={onRemove}
          disabled={disabled}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Box>
      {item.type === "message" && (
        <TextField
          fullWidth
          multiline
          minRows={3}
          margin="dense"
          value={item.value}
          onChange={(e) => onChange({ value: e.target.value })}
          slotProps={{ htmlInput: { "data-testid": `flow-content-text-${item.number}` } }}
        />
      )}
      {item.type === "interval" && (
        <TextField
          fullWidth
          margin="dense"
          type="number"
          label={t("flowDialogs.interval.sec")}
          value={item.value}
          onChange={(e) => onChange({ value: e.target.value })}
          slotProps={{
            htmlInput: {
              "data-testid": `flow-content-interval-${item.number}`,
              min: flowLimits.intervalMin,
              max: flowLimits.intervalMax,
            },
          }}
        />
      )}
      <ItemMedia item={item} onChange={onChange} disabled={disabled} />
    </Paper>
  );
}
