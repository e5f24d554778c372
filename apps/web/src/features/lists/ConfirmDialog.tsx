/**
 * Actions that ask first (business-areas §2.2): deletes, and variants such as
 * the contacts page's import from the phone. A confirm that returns a promise
 * keeps the dialog open, its buttons disabled, until the promise settles.
 */
import { useState } from "react";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  type ButtonProps,
} from "@mui/material";

interface Props {
  open: boolean;
  title: string;
  message?: string;
  confirmLabel: string;
  cancelLabel: string;
  /** What confirming does; a promise holds the dialog until it settles (its failure is the caller's to report). */
  onConfirm: () => unknown;
  onClose: () => void;
  testId: string;
  /** "error" (the default) for what destroys; another colour for what does not. */
  confirmColor?: ButtonProps["color"];
}

export function ConfirmDialog(props: Props) {
  const { open, title, message, confirmLabel, cancelLabel, onConfirm, onClose, testId } = props;
  const [running, setRunning] = useState(false);

  const confirm = () => {
    const pending = onConfirm();
    if (!(pending instanceof Promise)) {
      onClose();
      return;
    }
    setRunning(true);
    void Promise.allSettled([pending]).then(() => {
      setRunning(false);
      onClose();
    });
  };

  return (
    <Dialog open={open} onClose={running ? undefined : onClose} maxWidth="xs" fullWidth data-testid={testId}>
      <DialogTitle>{title}</DialogTitle>
      {message && (
        <DialogContent>
          <DialogContentText>{message}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={running} data-testid={`${testId}-cancel`}>
          {cancelLabel}
        </Button>
        <Button
          onClick={confirm}
          color={props.confirmColor ?? "error"}
          variant="contained"
          disabled={running}
          loading={running}
          data-testid={`${testId}-confirm`}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
