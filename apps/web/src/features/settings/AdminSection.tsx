/**
 * One super-user tab (Companies, Plans, Help): a form over a list. Editing a
 * row loads it into the form; saving or clearing empties the form again;
 * delete (from the row or the form) asks first (business-areas §2.2).
 */
import { useState, type ReactNode } from "react";
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

  const slot: FormSlot<T> = {
    editing,
    saving: records.save.isPending,
    save: (body, onError) =>
      records.save.mutate({ id: editing?.id, body }, { onSuccess: () => setEditing(null), onError }),
    askDelete: () => setDeleting(editing),
    clear: () => setEditing(null),
  };

  const remove = (row: T) =>
    records.remove.mutate(row.id, { onSuccess: () => setEditing((e) => (e?.id === row.id ? null : e)) });

  return (
    <Box data-testid={`settings-${testId}`}>
      {form(slot)}
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
