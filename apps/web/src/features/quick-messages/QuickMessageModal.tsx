/**
 * Add or edit a quick message (business-areas §2.7): the record is saved
 * first, then a file picked here is uploaded to /quick-messages/{id}/media-upload
 * (multipart typeArch='quickMessage', file). Removing a stored attachment
 * happens at once, after its confirmation.
 */
import { useState } from "react";
import type { QuickMessageDto } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { FormDialog, useRecordForm } from "../common/FormDialog";
import {
  emptyQuickMessageForm,
  quickMessageFormSchema,
  toQuickMessageBody,
  toQuickMessageForm,
  type QuickMessageFormValues,
} from "./quickMessageForm";
import { QuickMessageFields } from "./QuickMessageFields";
import { quickMessageSaved } from "./useQuickMessages";
import { uploadMedia } from "../common/mediaUpload";
import { useRemoveStoredMedia } from "../common/useRemoveStoredMedia";

interface Props {
  /** The quick message to edit; absent to add one. */
  quickMessageId?: number;
  onClose: () => void;
}

export function QuickMessageModal({ quickMessageId, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const record = useQuery({
    queryKey: ["quickMessage", quickMessageId],
    queryFn: () => api.get<QuickMessageDto>(`/quick-messages/${quickMessageId}`),
    enabled: quickMessageId !== undefined,
    retry: false,
    gcTime: 0,
  });
  const [stored, setStored] = useState<QuickMessageDto | undefined>(undefined);
  const current = stored ?? record.data;

  const { control, handleSubmit, reset, getValues, setValue } = useForm<QuickMessageFormValues>({
    resolver: zodResolver(quickMessageFormSchema),
    defaultValues: emptyQuickMessageForm,
    mode: "onTouched",
  });
  useRecordForm({
    record: record.data,
    toForm: toQuickMessageForm,
    reset,
    failed: record.isError,
    error: record.error,
    onClose,
  });

  const save = useMutation({
    mutationFn: async (values: QuickMessageFormValues) => {
      const body = toQuickMessageBody(values);
      const saved =
        quickMessageId === undefined
          ? await api.post<QuickMessageDto>("/quick-messages", body)
          : await api.put<QuickMessageDto>(`/quick-messages/${quickMessageId}`, body);
      quickMessageSaved(queryClient, saved);
      return file
        ? uploadMedia<QuickMessageDto>(`/quick-messages/${saved.id}`, file, { typeArch: "quickMessage" })
        : saved;
    },
    onSuccess: (saved) => {
      quickMessageSaved(queryClient, saved);
      toast.success(t("quickMessageModal.success"));
      onClose();
    },
    onError: toastError,
  });

  const removeStored = useRemoveStoredMedia<QuickMessageDto>(
    (id) => `/quick-messages/${id}`,
    "quickMessageModal.toasts.attachmentRemoved",
    (saved) => {
      setStored(saved);
      quickMessageSaved(queryClient, saved);
    },
  );

  const removeAttachment = () => {
    if (file) setFile(null);
    else if (current?.mediaPath) removeStored.mutate(current.id);
  };

  return (
    <FormDialog
      adding={quickMessageId === undefined}
      i18nKey="quickMessageModal"
      cancelKey="common.cancel"
      maxWidth="sm"
      onClose={onClose}
      handleSubmit={handleSubmit}
      save={save}
      loading={quickMessageId !== undefined && !record.data}
      testIds={{ dialog: "quick-message-modal", cancel: "quick-message-cancel", submit: "quick-message-save" }}
    >
      <QuickMessageFields
        control={control}
        getValues={getValues}
        setValue={setValue}
        // Stored with underscores for spaces (business-areas §5), so shown that way already.
        attachment={file ? file.name.replace(/\s+/g, "_") : (current?.mediaName ?? null)}
        onAttach={setFile}
        onRemoveAttachment={removeAttachment}
      />
    </FormDialog>
  );
}
