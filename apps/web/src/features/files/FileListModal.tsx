/**
 * Add or edit a file list (automation-areas §2 "File-list dialog", §7): the
 * list and its options are saved first (POST or PUT /files), then the files
 * chosen for its options go to /files/uploadList/{id} in one form.
 */
import { useMemo, useState } from "react";
import type { FileListDto } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useAuth } from "../../app/auth";
import { FormDialog, useRecordForm } from "../common/FormDialog";
import { FormText } from "../common/FormText";
import {
  emptyFileListForm,
  fileListFormSchema,
  toFileListBody,
  toFileListForm,
  uploadFormOf,
  type FileListFormValues,
} from "./fileListForm";
import { FileListOptions } from "./FileListOptions";
import { fileListSaved } from "./useFileLists";

interface Props {
  /** The list to edit; absent to add one. */
  fileListId?: number;
  onClose: () => void;
}

export function FileListModal({ fileListId, onClose }: Props) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState(() => new Map<string, File>());
  const record = useQuery({
    queryKey: ["fileList", fileListId],
    queryFn: () => api.get<FileListDto>(`/files/${fileListId}`),
    enabled: fileListId !== undefined,
    retry: false,
    gcTime: 0,
  });
  const stored = useMemo(() => new Map((record.data?.options ?? []).map((o) => [o.id, o])), [record.data]);

  const { control, handleSubmit, reset } = useForm<FileListFormValues>({
    resolver: zodResolver(fileListFormSchema),
    defaultValues: emptyFileListForm,
    mode: "onTouched",
  });
  const rows = useFieldArray({ control, name: "options", keyName: "key" });
  useRecordForm({
    record: record.data,
    toForm: toFileListForm,
    reset,
    failed: record.isError,
    error: record.error,
    onClose,
  });

  const choose = (rowKey: string, file: File | undefined) =>
    setChosen((before) => {
      const next = new Map(before);
      if (file) next.set(rowKey, file);
      else next.delete(rowKey);
      return next;
    });

  const save = useMutation({
    mutationFn: async (values: FileListFormValues) => {
      // Each row's file, in the rows' order (the order of the options sent and answered).
      const files = rows.fields.map((row) => chosen.get(row.key));
      const body = toFileListBody(values, user?.id);
      const saved =
        fileListId === undefined
          ? await api.post<FileListDto>("/files", body)
          : await api.put<FileListDto>(`/files/${fileListId}`, body);
      fileListSaved(queryClient, saved);
      const form = uploadFormOf(saved, files);
      return form ? api.post<FileListDto>(`/files/uploadList/${saved.id}`, form) : saved;
    },
    onSuccess: (saved) => {
      fileListSaved(queryClient, saved);
      toast.success(t("fileModal.success"));
      onClose();
    },
    onError: toastError,
  });

  return (
    <FormDialog
      adding={fileListId === undefined}
      i18nKey="fileModal"
      maxWidth="md"
      onClose={onClose}
      handleSubmit={handleSubmit}
      save={save}
      loading={fileListId !== undefined && !record.data}
      testIds={{ dialog: "file-list-modal", cancel: "file-list-cancel", submit: "file-list-save" }}
    >
      <FormText control={control} name="name" label={t("fileModal.form.name")} testId="file-list-name" />
      <FormText
        control={control}
        name="message"
        label={t("fileModal.form.message")}
        rows={5}
        testId="file-list-message"
      />
      <FileListOptions control={control} rows={rows} stored={stored} chosen={chosen} onChoose={choose} />
    </FormDialog>
  );
}
