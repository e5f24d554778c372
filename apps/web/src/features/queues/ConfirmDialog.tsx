/** Delete actions ask first (business-areas §2.2). */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useTranslation } from "react-i18next";

interface Props {
  open: boolean;
  title: string;
  message: string;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}

export function ConfirmDialog({ open, title, message, onConfirm, onClose, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" data-testid={`${testId}-cancel`}>
          {t("common.cancel")}
        </Button>
        <Button
          onClick={() => {
            onConfirm();
            onClose();
          }}
          color="error"
          variant="contained"
          data-testid={`${testId}-confirm`}
        >
          {t("queues.confirm.ok")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
