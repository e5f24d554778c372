/**
 * One super-user tab (Companies, Plans, Help): a form over a list. Editing a
 * row loads it into the form; saving (an add as well as an edit) or clearing
 * empties the form again, so a second click on Adicionar cannot send the same
 * record twice; delete (from the row or the form) asks first (business-areas §2.2).
 */
import { Fragment, useRef, useState, type ReactNode } from "react";
import { Box } from "@mui/material";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../lists/ConfirmDialog";
import { AdminTable, type Column } from "./AdminTable";
import type { AdminScope } from "./adminErrors";
import type { useAdminRecords } from "./useAdminRecords";

export interface FormSlot<T> {
  editing: T | null;
  saving: boolean;
  /** Saves the form's body (POST when adding, PUT when editing); `onError` sees a refusal too. */
  save: (body: unknown, onError?: (err: unknown) => void) => void;
  askDelete: () => void;
  clear: () => void;
}

interface Props<T extends { id: number; name?: string; title?: string }> {
  records: ReturnType<typeof useAdminRecords<T>>;
  scope: AdminScope;
  columns: Column<T>[];
  testId: string;
  form: (slot: FormSlot<T>) => ReactNode;
  rowProps?: Parameters<typeof AdminTable<T>>[0]["rowProps"];
}

export function AdminSection<T extends { id: number; name?: string; title?: string }>(props: Props<T>) {
  const { records, scope, columns, testId, form, rowProps } = props;
  const { t } = useTranslation();
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  // Bumped after each save and clear: the form mounts anew with empty fields
  // (adding leaves `editing` null, so the form's own reset on `editing` would not run).
  const [formKey, setFormKey] = useState(0);
  // Set from the click itself, before `isPending` re-renders the button disabled:
  // a double click sends one request.
  const inFlight = useRef(false);
  const emptyForm = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };

  const slot: FormSlot<T> = {
    editing,
    saving: records.save.isPending,
    save: (body, onError) => {
      if (inFlight.current) return;
      inFlight.current = true;
      const settled = () => {
        inFlight.current = false;
      };
      records.save.mutate({ id: editing?.id, body }, { onSuccess: emptyForm, onError, onSettled: settled });
    },
    askDelete: () => setDeleting(editing),
    clear: emptyForm,
  };

  const remove = (row: T) =>
    records.remove.mutate(row.id, { onSuccess: () => setEditing((e) => (e?.id === row.id ? null : e)) });

  return (
    <Box data-testid={`settings-${testId}`}>
      <Fragment key={formKey}>{form(slot)}</Fragment>
      <AdminTable
        rows={records.rows}
        columns={columns}
        loading={records.list.isLoading}
        onEdit={setEditing}
        onDelete={setDeleting}
        testId={testId}
        rowProps={rowProps}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t(`${scope}.confirm.title`, { name: deleting?.name ?? deleting?.title ?? "" })}
        message={t(`${scope}.confirm.message`)}
        confirmLabel={t("settings.buttons.delete")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => deleting && remove(deleting)}
        onClose={() => setDeleting(null)}
        testId={`${testId}-delete-dialog`}
      />
    </Box>
  );
}
