/**
 * The add/edit dialogs' shell: title, a spinner while the record loads, the
 * form, and Cancel / Save. A valid form is sent after the spec's 400 ms
 * submit delay (business-areas §2.2); closing the dialog meanwhile sends nothing.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  type Breakpoint,
  type PaperProps,
} from "@mui/material";
import { timings } from "@balcao/contracts";
import type { FieldValues, UseFormHandleSubmit, UseFormReset } from "react-hook-form";
import { toastError } from "../../api/toast-error";

interface Props<V extends FieldValues> {
  open?: boolean;
  title: string;
  maxWidth: Breakpoint;
  fullScreen?: boolean;
  onClose: () => void;
  /** Shown between the title and the form (a queue's tabs). */
  beforeForm?: ReactNode;
  handleSubmit: UseFormHandleSubmit<V>;
  save: { mutate: (values: V) => void; isPending: boolean };
  /** The record to edit has not come yet. */
  loading: boolean;
  cancelLabel: string;
  submitLabel: string;
  testIds: { dialog: string; cancel: string; submit: string };
  children: ReactNode;
}

export function FormDialog<V extends FieldValues>(props: Props<V>) {
  const { open = true, title, maxWidth, fullScreen, onClose, beforeForm, handleSubmit, save, loading } = props;
  const { cancelLabel, submitLabel, testIds, children } = props;
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = handleSubmit((values) => {
    setWaiting(true);
    timer.current = setTimeout(() => {
      setWaiting(false);
      save.mutate(values);
    }, timings.submitDelayMs);
  });

  // data-* attributes are not in PaperProps' type; they reach the DOM all the same.
  const paper = { "data-testid": testIds.dialog } as PaperProps;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={fullScreen}
      scroll="paper"
      slotProps={{ paper }}
    >
      <DialogTitle>{title}</DialogTitle>
      {beforeForm}
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: "contents" }}>
        <DialogContent dividers>
          {loading ? (
            <Box sx={{ display: "grid", placeItems: "center", py: 6 }} aria-busy="true">
              <CircularProgress />
            </Box>
          ) : (
            children
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" data-testid={testIds.cancel}>
            {cancelLabel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={waiting || save.isPending}
            disabled={loading}
            data-testid={testIds.submit}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * Fills an edit dialog's form when its record arrives; a record that cannot
 * be read shows the error and closes the dialog.
 */
export function useRecordForm<R, V extends FieldValues>(opts: {
  record: R | undefined;
  toForm: (record: R) => V;
  reset: UseFormReset<V>;
  failed: boolean;
  error: unknown;
  onClose: () => void;
}) {
  const { record, toForm, reset, failed, error, onClose } = opts;
  useEffect(() => {
    if (record) reset(toForm(record));
  }, [record, toForm, reset]);
  useEffect(() => {
    if (!failed) return;
    toastError(error);
    onClose();
  }, [failed, error, onClose]);
}
