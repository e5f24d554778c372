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
import { useMutation } from "@tanstack/react-query";
import type { FieldValues, UseFormHandleSubmit, UseFormReset } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";

interface Props<V extends FieldValues> {
  open?: boolean;
  /** Adding a record, or editing one: picks the title and the Save label. */
  adding: boolean;
  /** The dialog's i18n keys: `<i18nKey>.title.add|edit`, `<i18nKey>.buttons.okAdd|okEdit|cancel`. */
  i18nKey: string;
  /** Another key for Cancel than `<i18nKey>.buttons.cancel`. */
  cancelKey?: string;
  maxWidth: Breakpoint;
  fullScreen?: boolean;
  onClose: () => void;
  /** Shown between the title and the form (a queue's tabs). */
  beforeForm?: ReactNode;
  handleSubmit: UseFormHandleSubmit<V>;
  save: { mutate: (values: V) => void; isPending: boolean };
  /** The record to edit has not come yet. */
  loading: boolean;
  testIds: { dialog: string; cancel: string; submit: string };
  /** A title of the record's own instead of `<i18nKey>.title.add|edit` (a schedule names its status). */
  title?: string;
  /** A record that can no longer change (a sent schedule): no Save button. */
  readOnly?: boolean;
  /** More buttons, before Cancel (a campaign's restart, cancel and attach). */
  extraActions?: ReactNode;
  children: ReactNode;
}

export function FormDialog<V extends FieldValues>(props: Props<V>) {
  const { open = true, adding, i18nKey, cancelKey, maxWidth, fullScreen, onClose, beforeForm } = props;
  const { handleSubmit, save, loading, testIds, title, readOnly, children } = props;
  const { t } = useTranslation();
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
      <DialogTitle>{title ?? t(`${i18nKey}.title.${adding ? "add" : "edit"}`)}</DialogTitle>
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
          {props.extraActions}
          <Button onClick={onClose} color="inherit" data-testid={testIds.cancel}>
            {t(cancelKey ?? `${i18nKey}.buttons.cancel`)}
          </Button>
          {!readOnly && (
            <Button
              type="submit"
              variant="contained"
              loading={waiting || save.isPending}
              disabled={loading}
              data-testid={testIds.submit}
            >
              {t(`${i18nKey}.buttons.${adding ? "okAdd" : "okEdit"}`)}
            </Button>
          )}
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

/**
 * Saves a dialog's record: POST `path` to add, PUT `path/id` to edit; on
 * success a toast, `onSaved`, and the dialog closes (unless `stayOpen`); a failure is toasted.
 */
export function useSaveRecord<V, R>(opts: {
  path: string;
  id: number | undefined;
  toBody: (values: V) => unknown;
  successText: string;
  onSaved: (record: R) => void;
  onClose: () => void;
  /** A saved record the dialog goes on showing (a new Cloud API connection's webhook details); default: close. */
  stayOpen?: (record: R) => boolean;
}) {
  const { path, id, toBody, successText, onSaved, onClose, stayOpen } = opts;
  return useMutation({
    mutationFn: (values: V) =>
      id === undefined ? api.post<R>(path, toBody(values)) : api.put<R>(`${path}/${id}`, toBody(values)),
    onSuccess: (record) => {
      onSaved(record);
      toast.success(successText);
      if (!stayOpen?.(record)) onClose();
    },
    onError: toastError,
  });
}
