/** A read-only value with a copy button (and room for more buttons beside it: a secret's regenerate). */
import type { ReactNode } from "react";
import { IconButton, InputAdornment, TextField, Tooltip } from "@mui/material";
import ContentCopy from "@mui/icons-material/ContentCopy";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";

/** Copies `value` to the clipboard and says whether it worked. */
export function CopyButton({ value, testId, edge }: { value: string; testId: string; edge?: "end" | false }) {
  const { t } = useTranslation();
  const copy = () =>
    void navigator.clipboard.writeText(value).then(
      () => toast.success(t("common.copied")),
      () => toast.error(t("common.copyFailed")),
    );
  return (
    <Tooltip title={t("common.copy")}>
      {/* A disabled button fires no events: the span keeps the tooltip working. */}
      <span>
        <IconButton edge={edge} onClick={copy} disabled={!value} aria-label={t("common.copy")} data-testid={testId}>
          <ContentCopy />
        </IconButton>
      </span>
    </Tooltip>
  );
}

interface Props {
  label: string;
  value: string;
  testId: string;
  helperText?: string;
  /** Further buttons after copy. */
  extra?: ReactNode;
}

export function CopyField({ label, value, testId, helperText, extra }: Props) {
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      margin="dense"
      helperText={helperText}
      slotProps={{
        htmlInput: { readOnly: true, "data-testid": testId },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <CopyButton value={value} testId={`${testId}-copy`} edge={extra ? false : "end"} />
              {extra}
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
