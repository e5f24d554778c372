/**
 * Add or edit an announcement (business-areas §2.14): title, text (7 rows),
 * status (Ativo / Inativo), priority (Alta / Média / Baixa) and an optional
 * .png/.jpg/.jpeg image. The record is saved first, then its image is
 * uploaded or removed through /announcements/{id}/media-upload.
 */
import { useState } from "react";
import { Box, TextField } from "@mui/material";
import type { AnnouncementDto } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { FormField } from "../auth/FormField";
import { FormDialog, useRecordForm } from "../common/FormDialog";
import { upsertInPages } from "../lists/usePagedList";
import { AnnouncementAttachment } from "./AnnouncementAttachment";
import {
  announcementFormSchema,
  emptyAnnouncementForm,
  toAnnouncementBody,
  toAnnouncementForm,
  type AnnouncementFormValues,
} from "./announcementForm";
import { announcementsKey } from "./useAnnouncements";
import { removeMedia, uploadMedia } from "../common/mediaUpload";

interface Props {
  /** The announcement to edit; absent to add one. */
  announcementId?: number;
  onClose: () => void;
}

/** The image change the user asked for: a new file, removing the stored one, or nothing. */
type ImageChange = { kind: "keep" } | { kind: "replace"; file: File } | { kind: "remove" };

async function saveAnnouncement(id: number | undefined, values: AnnouncementFormValues, image: ImageChange) {
  const body = toAnnouncementBody(values);
  const saved =
    id === undefined
      ? await api.post<AnnouncementDto>("/announcements", body)
      : await api.put<AnnouncementDto>(`/announcements/${id}`, body);
  if (image.kind === "replace") return uploadMedia<AnnouncementDto>(`/announcements/${saved.id}`, image.file);
  if (image.kind === "remove" && saved.mediaPath) return removeMedia<AnnouncementDto>(`/announcements/${saved.id}`);
  return saved;
}

export function AnnouncementModal({ announcementId, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editing = announcementId !== undefined;
  const [image, setImage] = useState<ImageChange>({ kind: "keep" });
  const record = useQuery({
    queryKey: ["announcement", announcementId],
    queryFn: () => api.get<AnnouncementDto>(`/announcements/${announcementId}`),
    enabled: editing,
    gcTime: 0,
  });
  const { control, handleSubmit, reset } = useForm<AnnouncementFormValues>({
    resolver: zodResolver(announcementFormSchema),
    defaultValues: emptyAnnouncementForm,
    mode: "onTouched",
  });
  useRecordForm({
    record: record.data,
    toForm: toAnnouncementForm,
    reset,
    failed: record.isError,
    error: record.error,
    onClose,
  });

  const save = useMutation({
    mutationFn: (values: AnnouncementFormValues) => saveAnnouncement(announcementId, values, image),
    onSuccess: (saved) => {
      upsertInPages(queryClient, announcementsKey, "records", saved);
      toast.success(t("announcements.toasts.saved"));
      onClose();
    },
    onError: toastError,
  });

  const imageName =
    image.kind === "replace" ? image.file.name : image.kind === "remove" ? null : (record.data?.mediaName ?? null);
  // The spec's client swapped the submit labels ('add' when editing, 'edit' when
  // adding), a defect of the original: FormDialog shows okAdd when adding and okEdit when editing.
  return (
    <FormDialog
      adding={!editing}
      i18nKey="announcementModal"
      maxWidth="sm"
      onClose={onClose}
      handleSubmit={handleSubmit}
      save={save}
      loading={editing && !record.data}
      testIds={{ dialog: "announcement-modal", cancel: "announcement-cancel", submit: "announcement-save" }}
    >
      <>
        <FormField
          control={control}
          name="title"
          label={t("announcementModal.form.title")}
          testId="announcement-title"
          autoFocus
        />
        <Controller
          control={control}
          name="text"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label={t("announcementModal.form.text")}
              multiline
              rows={7}
              fullWidth
              margin="dense"
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined}
              slotProps={{ htmlInput: { "data-testid": "announcement-text" } }}
            />
          )}
        />
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2 }}>
          <FormField
            control={control}
            name="status"
            label={t("announcementModal.form.status")}
            testId="announcement-status"
            select
          >
            <option value="true">{t("announcementModal.form.active")}</option>
            <option value="false">{t("announcementModal.form.inactive")}</option>
          </FormField>
          <FormField
            control={control}
            name="priority"
            label={t("announcementModal.form.priority")}
            testId="announcement-priority"
            select
          >
            {(["1", "2", "3"] as const).map((p) => (
              <option key={p} value={p}>
                {t(`announcements.priority.${p}`)}
              </option>
            ))}
          </FormField>
        </Box>
        <AnnouncementAttachment
          name={imageName}
          onPick={(file) => setImage({ kind: "replace", file })}
          onRemove={() => setImage({ kind: "remove" })}
        />
      </>
    </FormDialog>
  );
}
