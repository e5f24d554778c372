/**
 * Add or edit a schedule (business-areas §2.8, core-platform §5): the record
 * is saved first, then an image picked here is uploaded to
 * /schedules/{id}/media-upload; removing a stored image happens at once after
 * its confirmation. Titled 'Erro de Envio' for ERRO (the reason shown),
 * otherwise 'Mensagem <status>'; read-only, without Save, once sent.
 */
import { useState } from "react";
import { Alert } from "@mui/material";
import { scheduleLimits, type ScheduleDto } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useAuth } from "../../app/auth";
import { FormDialog, useRecordForm } from "../common/FormDialog";
import {
  newScheduleForm,
  scheduleFormSchema,
  titleOf,
  toScheduleBody,
  toScheduleForm,
  type ContactOption,
  type ScheduleFormValues,
} from "./scheduleForm";
import { ScheduleFields } from "./ScheduleFields";
import { scheduleSaved } from "./useSchedules";
import { uploadMedia } from "../common/mediaUpload";
import { useRemoveStoredMedia } from "../common/useRemoveStoredMedia";

interface Props {
  /** The schedule to edit; absent to add one. */
  scheduleId?: number;
  /** A new schedule's contact (a ticket's, or ?contactId=). */
  contact?: ContactOption | null;
  onClose: () => void;
  onSaved?: (schedule: ScheduleDto) => void;
}

/**
 * Saves the schedule, then its image. A schedule due now is sent as soon as
 * it is saved, before an image sent after it could join it: so it is saved
 * an hour ahead first, the image uploaded, and then moved to its time.
 */
async function saveSchedule(id: number | undefined, body: ReturnType<typeof toScheduleBody>, file: File | null) {
  const put = (scheduleId: number, sent: typeof body) => api.put<ScheduleDto>(`/schedules/${scheduleId}`, sent);
  const heldUntil = new Date(Date.now() + scheduleLimits.defaultDelayMs);
  const held = file && new Date(body.sendAt) < heldUntil ? { ...body, sendAt: heldUntil.toISOString() } : body;
  const saved = id === undefined ? await api.post<ScheduleDto>("/schedules", held) : await put(id, held);
  if (!file) return saved;
  const withImage = await uploadMedia<ScheduleDto>(`/schedules/${saved.id}`, file);
  return held === body ? withImage : put(saved.id, body);
}

export function ScheduleModal({ scheduleId, contact = null, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const record = useQuery({
    queryKey: ["schedule", scheduleId],
    queryFn: () => api.get<ScheduleDto>(`/schedules/${scheduleId}`),
    enabled: scheduleId !== undefined,
    retry: false,
    gcTime: 0,
  });
  const [stored, setStored] = useState<ScheduleDto | undefined>(undefined);
  const current = stored ?? record.data;
  const readOnly = !!current?.sentAt;

  const { control, handleSubmit, reset, getValues, setValue } = useForm<ScheduleFormValues>({
    resolver: zodResolver(scheduleFormSchema),
    defaultValues: newScheduleForm(contact),
    mode: "onTouched",
  });
  useRecordForm({
    record: record.data,
    toForm: toScheduleForm,
    reset,
    failed: record.isError,
    error: record.error,
    onClose,
  });

  const save = useMutation({
    mutationFn: async (values: ScheduleFormValues) => {
      return saveSchedule(scheduleId, toScheduleBody(values, user?.id), file);
    },
    onSuccess: (saved) => {
      scheduleSaved(queryClient, saved);
      toast.success(t("scheduleModal.success"));
      onSaved?.(saved);
      onClose();
    },
    onError: toastError,
  });

  const removeStored = useRemoveStoredMedia<ScheduleDto>(
    (id) => `/schedules/${id}`,
    "scheduleModal.toasts.deleted",
    (saved) => {
      setStored(saved);
      scheduleSaved(queryClient, saved);
    },
  );

  const title = titleOf(current);
  return (
    <FormDialog
      adding={scheduleId === undefined}
      i18nKey="scheduleModal"
      cancelKey="common.cancel"
      maxWidth="sm"
      onClose={onClose}
      handleSubmit={handleSubmit}
      save={save}
      loading={scheduleId !== undefined && !record.data}
      title={t(title.key, { status: title.status ? t(title.status) : "" })}
      readOnly={readOnly}
      testIds={{ dialog: "schedule-modal", cancel: "schedule-cancel", submit: "schedule-save" }}
    >
      {current?.late && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="schedule-late-notice">
          {t("scheduleModal.late")}
        </Alert>
      )}
      {current?.status === "ERRO" && current.errorMessage && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="schedule-error">
          {t(`backendErrors.${current.errorMessage}`, { defaultValue: current.errorMessage })}
        </Alert>
      )}
      <ScheduleFields
        control={control}
        getValues={getValues}
        setValue={setValue}
        readOnly={readOnly}
        image={file ? file.name : (current?.mediaName ?? null)}
        onAttach={setFile}
        onRemoveImage={() => {
          if (file) setFile(null);
          else if (current?.mediaPath) removeStored.mutate(current.id);
        }}
      />
    </FormDialog>
  );
}
