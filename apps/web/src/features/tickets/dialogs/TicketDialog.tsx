/** The shell of the new-ticket and transfer modals: a small form dialog with Cancel and OK; Enter submits. */
import type { FormEvent, ReactNode } from "react";
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import { useTranslation } from "react-i18next";

interface Props {
  /** e2e handle: `<testId>-modal`, `<testId>-cancel`, `<testId>-ok`. */
  testId: string;
  title: string;
  okLabel: string;
  pending: boolean;
  okDisabled?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

export function TicketDialog({ testId, title, okLabel, pending, okDisabled, onSubmit, onClose, children }: Props) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { "data-testid": `${testId}-modal` } as object }}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent dividers>{children}</DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose} data-testid={`${testId}-cancel`}>
            {t("common.cancel")}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={okDisabled}
            loading={pending}
            data-testid={`${testId}-ok`}
          >
            {okLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
