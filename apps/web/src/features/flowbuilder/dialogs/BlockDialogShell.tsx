/**
 * The block dialogs' shell (§2 "Block dialogs"): the title of the mode, the form, and
 * Cancelar / Adicionar or Editar. While `busy` (an upload) the buttons wait and `busyText`
 * shows. `blockDialog` mounts a dialog's form only while it is open, so every opening
 * starts from the node's data.
 */
import type { ComponentType, ReactNode } from "react";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
  type Breakpoint,
  type PaperProps,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import type { BlockDialog, BlockDialogMode, BlockDialogProps } from "./types";

interface Props {
  mode: BlockDialogMode;
  /** flowDialogs.<block>: its title.add / title.edit are shown. */
  block: string;
  onClose: () => void;
  onSubmit: () => void;
  busy?: boolean;
  busyText?: string;
  maxWidth?: Breakpoint;
  children: ReactNode;
}

export function BlockDialogShell({ mode, block, onClose, onSubmit, busy, busyText, maxWidth = "sm", children }: Props) {
  const { t } = useTranslation();
  // data-* attributes are not in PaperProps' type; they reach the DOM all the same.
  const paper = { "data-testid": `flow-dialog-${block}` } as PaperProps;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth={maxWidth}
      fullWidth
      scroll="paper"
      slotProps={{ paper }}
    >
      <DialogTitle>{t(`flowDialogs.${block}.title.${mode === "create" ? "add" : "edit"}`)}</DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) onSubmit();
        }}
        sx={{ display: "contents" }}
      >
        <DialogContent dividers>
          {children}
          {busy && (
            <Box sx={{ mt: 2 }} aria-busy="true" data-testid="flow-dialog-busy">
              {busyText && <Typography variant="body2">{busyText}</Typography>}
              <LinearProgress sx={{ mt: 1 }} />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" disabled={busy} data-testid="flow-dialog-cancel">
            {t("flowDialogs.buttons.cancel")}
          </Button>
          <Button type="submit" variant="contained" loading={busy} data-testid="flow-dialog-save">
            {t(`flowDialogs.buttons.${mode === "create" ? "add" : "edit"}`)}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** A BlockDialog that renders `Form` only while open. */
export function blockDialog(Form: ComponentType<BlockDialogProps>): BlockDialog {
  function OpenOnly(props: BlockDialogProps) {
    return props.open ? <Form {...props} /> : null;
  }
  OpenOnly.displayName = `blockDialog(${Form.displayName ?? Form.name})`;
  return OpenOnly;
}
