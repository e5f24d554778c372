/**
 * The dialog's repeatable options (automation-areas §2 "File-list dialog"):
 * each row an option name (multiline), a file picker and a remove button;
 * under it the stored file (opened on click) or the name of the file just
 * chosen; then "+ add file option".
 */
import { Box, Button, IconButton, Link, Stack, TextField, Typography } from "@mui/material";
import AttachFile from "@mui/icons-material/AttachFile";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { fileListLimits, type FileListOptionDto } from "@balcao/contracts";
import { Controller, type Control, type UseFieldArrayReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toastError } from "../../api/toast-error";
import { fetchBlob } from "../../api/download";
import { apiPath } from "../tickets/messages/useMediaUrl";
import type { FileListFormValues } from "./fileListForm";

export type OptionRows = UseFieldArrayReturn<FileListFormValues, "options", "key">;

interface Props {
  control: Control<FileListFormValues>;
  rows: OptionRows;
  /** The saved options, by id: what each row holds now. */
  stored: Map<number, FileListOptionDto>;
  /** Files chosen in this dialog, by row key (uploaded after the save). */
  chosen: Map<string, File>;
  onChoose: (rowKey: string, file: File | undefined) => void;
}

/** The stored file in a new tab: fetched with the token, as every company media. */
async function openStored(path: string) {
  // Opened before the fetch, while the click still allows a new tab.
  const tab = window.open("", "_blank");
  try {
    const url = URL.createObjectURL(await fetchBlob(apiPath(path)));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (err) {
    tab?.close();
    toastError(err);
  }
}

function FileLine({ option, file }: { option: FileListOptionDto | undefined; file: File | undefined }) {
  const { t } = useTranslation();
  if (file) {
    return (
      <Typography variant="caption" color="text.secondary" data-testid="file-option-chosen">
        {file.name}
      </Typography>
    );
  }
  if (!option?.path) {
    return (
      <Typography variant="caption" color="text.secondary">
        {t("fileModal.noFile")}
      </Typography>
    );
  }
  const path = option.path;
  return (
    <Link
      component="button"
      type="button"
      variant="caption"
      onClick={() => void openStored(path)}
      data-testid="file-option-stored"
    >
      {option.mediaName ?? path}
    </Link>
  );
}

export function FileListOptions({ control, rows, stored, chosen, onChoose }: Props) {
  const { t } = useTranslation();
  const { fields, append, remove } = rows;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" gutterBottom>
        {t("fileModal.form.options")}
      </Typography>
      <Stack spacing={1.5}>
        {fields.map((field, index) => (
          <Box key={field.key} data-testid={`file-option-${index}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
              <Controller
                name={`options.${index}.name`}
                control={control}
                render={({ field: { ref, ...input }, fieldState }) => (
                  <TextField
                    {...input}
                    inputRef={ref}
                    label={t("fileModal.form.optionName")}
                    multiline
                    fullWidth
                    size="small"
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined}
                    slotProps={{ htmlInput: { "data-testid": "file-option-name" } }}
                  />
                )}
              />
              <IconButton
                component="label"
                aria-label={t("fileModal.buttons.chooseFile")}
                data-testid="file-option-pick"
              >
                <AttachFile />
                <input
                  hidden
                  type="file"
                  data-testid="file-option-file"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = "";
                    if (file) onChoose(field.key, file);
                  }}
                />
              </IconButton>
              <IconButton
                aria-label={t("fileModal.buttons.removeOption")}
                onClick={() => {
                  onChoose(field.key, undefined);
                  remove(index);
                }}
                data-testid="file-option-remove"
              >
                <DeleteOutline />
              </IconButton>
            </Stack>
            <Box sx={{ pl: 0.5 }}>
              <FileLine
                option={field.optionId === undefined ? undefined : stored.get(field.optionId)}
                file={chosen.get(field.key)}
              />
            </Box>
          </Box>
        ))}
      </Stack>
      <Button
        sx={{ mt: 1 }}
        disabled={fields.length >= fileListLimits.optionsMax}
        onClick={() => append({ name: "" })}
        data-testid="file-option-add"
      >
        {t("fileModal.buttons.fileOptions")}
      </Button>
    </Box>
  );
}
