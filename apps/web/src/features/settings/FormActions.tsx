/** The buttons under the Companies, Plans and Help forms: clear, delete (when editing) and save. */
import type { ReactNode } from "react";
import { Box, Button } from "@mui/material";
import { useTranslation } from "react-i18next";

interface Props {
  editing: boolean;
  saving: boolean;
  onClear: () => void;
  onDelete: () => void;
  testId: string;
  /** Extra buttons (the company form's expiry button). */
  children?: ReactNode;
}

export function FormActions({ editing, saving, onClear, onDelete, testId, children }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", justifyContent: "flex-end", mt: 2 }}>
      {children}
      <Button color="inherit" onClick={onClear} data-testid={`${testId}-clear`}>
        {t("settings.buttons.clear")}
      </Button>
      {editing && (
        <Button color="error" variant="outlined" onClick={onDelete} data-testid={`${testId}-delete-current`}>
          {t("settings.buttons.delete")}
        </Button>
      )}
      <Button type="submit" variant="contained" loading={saving} data-testid={`${testId}-save`}>
        {editing ? t("settings.buttons.update") : t("settings.buttons.add")}
      </Button>
    </Box>
  );
}
