/**
 * Add or edit a queue (business-areas §2.4): the 'queue data' tab with the
 * chatbot options editor, and the 'attendance time' tab when the company keeps
 * business hours per queue (setting scheduleType = queue). Saving such a queue
 * without an out-of-hours message first says what that means for customers and
 * offers the default message; saving again keeps it empty (issue 30 item 12).
 */
import { useState } from "react";
import { Tab, Tabs, useMediaQuery, useTheme } from "@mui/material";
import type { QueueDto, WeekdayHours } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm, useWatch, type UseFormHandleSubmit } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { useAuth } from "../../app/auth";
import { FormDialog, useRecordForm, useSaveRecord } from "../common/FormDialog";
import { settingValue } from "../layout/menu-rules";
import { QueueDataFields } from "./QueueDataFields";
import { emptyQueueForm, queueFormSchema, toFormValues, toSaveBody, type QueueFormValues } from "./queueForm";
import { QueueHoursTab } from "./QueueHoursTab";
import { OutOfHoursWarning } from "./OutOfHoursWarning";
import { QueueOptionsEditor } from "./QueueOptionsEditor";
import { useLookups } from "./useLookups";
import { queuesKey, upsertQueue } from "./useQueues";

interface Props {
  /** The queue to edit; absent to add one. */
  queueId?: number;
  onClose: () => void;
}

function useQueueRecord(queueId: number | undefined) {
  return useQuery({
    queryKey: ["queue", queueId],
    queryFn: () => api.get<QueueDto>(`/queue/${queueId}`),
    enabled: queueId !== undefined,
    retry: false,
    staleTime: 0,
  });
}

export function QueueModal({ queueId, onClose }: Props) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down("sm"));
  const perQueueHours = settingValue(user?.company.settings ?? [], "scheduleType") === "queue";
  const [tab, setTab] = useState(0);
  const record = useQueueRecord(queueId);
  const lookups = useLookups(true);
  const loading = queueId !== undefined && !record.data;

  const { control, handleSubmit, reset, getValues, setValue } = useForm<QueueFormValues>({
    resolver: zodResolver(queueFormSchema),
    defaultValues: emptyQueueForm(),
    mode: "onTouched",
  });

  useRecordForm({
    record: record.data,
    toForm: toFormValues,
    reset,
    failed: record.isError,
    error: record.error,
    onClose,
  });

  const save = useSaveRecord({
    path: "/queue",
    id: queueId,
    toBody: toSaveBody,
    successText: t("queueModal.toasts.success"),
    onSaved: (queue: QueueDto) => queryClient.setQueryData<QueueDto[]>(queuesKey, (list) => upsertQueue(list, queue)),
    onClose,
  });

  // Warned once: an empty message may be what the admin wants (the queue stays silent outside its hours), so a
  // second save keeps it rather than blocking; the server accepts it either way.
  const [warned, setWarned] = useState(false);
  const outOfHoursMessage = useWatch({ control, name: "outOfHoursMessage" });
  const silentOutOfHours = (message: string) => perQueueHours && message.trim() === "";
  const submitWarningFirst: UseFormHandleSubmit<QueueFormValues> = (onValid, onInvalid) =>
    handleSubmit((values, event) => {
      if (warned || !silentOutOfHours(values.outOfHoursMessage)) return onValid(values, event);
      setWarned(true);
      setTab(0);
    }, onInvalid);

  const keepHours = (hours: WeekdayHours[]) => {
    setValue("schedules", hours, { shouldDirty: true });
    toast.info(t("queueModal.toasts.schedulesInfo"));
    setTab(0);
  };

  return (
    <FormDialog
      adding={queueId === undefined}
      i18nKey="queueModal"
      maxWidth="md"
      fullScreen={fullScreen}
      onClose={onClose}
      beforeForm={
        perQueueHours && (
          <Tabs value={tab} onChange={(_, v: number) => setTab(v)} sx={{ px: 3 }} variant="scrollable">
            <Tab label={t("queueModal.tabs.queueData")} data-testid="queue-tab-data" />
            <Tab label={t("queueModal.tabs.attendanceTime")} data-testid="queue-tab-hours" />
          </Tabs>
        )
      }
      handleSubmit={submitWarningFirst}
      save={save}
      loading={loading}
      testIds={{ dialog: "queue-modal", cancel: "queue-modal-cancel", submit: "queue-modal-save" }}
    >
      {tab === 0 ? (
        <>
          <QueueDataFields control={control} perQueueHours={perQueueHours} {...lookups} />
          {warned && silentOutOfHours(outOfHoursMessage) && (
            <OutOfHoursWarning
              text={t("queueModal.schedules.noOutOfHoursMessage")}
              useDefaultLabel={t("queueModal.schedules.useDefaultMessage")}
              onUseDefault={(message) => setValue("outOfHoursMessage", message, { shouldDirty: true })}
              testId="queue-out-of-hours-warning"
            />
          )}
          <QueueOptionsEditor queueId={queueId} />
        </>
      ) : (
        <QueueHoursTab value={getValues("schedules")} onSave={keepHours} />
      )}
    </FormDialog>
  );
}
