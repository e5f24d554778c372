/** A read-only value with a copy button (and room for more buttons beside it: a secret's regenerate). */
import type { ReactNode } from "react";
import { IconButton, InputAdornment, TextField } from "@mui/material";
import ContentCopy from "@mui/icons-material/ContentCopy";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";

interface Props {
  label: string;
  value: string;
  testId: string;
  helperText?: string;
  /** Further buttons after copy. */
  extra?: ReactNode;
}

export function CopyField({ label, value, testId, helperText, extra }: Props) {
  const { t } = useTranslation();
  const copy = () =>
    void navigator.clipboard.writeText(value).then(
      () => toast.success(t("common.copied")),
      () => toast.error(t("common.copyFailed")),
    );
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
              <IconButton
                edge={extra ? false : "end"}
                onClick={copy}
                aria-label={t("common.copy")}
                title={t("common.copy")}
              >
                <ContentCopy />
              </IconButton>
              {extra}
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
