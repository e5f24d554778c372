/**
 * Add or edit a connection (core-platform §2.17, §5): every field of the
 * modal in tabs — general, messages, queues & bot, transfer & expiry,
 * business hours, provider. A refused submit opens the tab of the first error.
 */
import { useState } from "react";
import { Box, Tab, Tabs, useMediaQuery, useTheme } from "@mui/material";
import type { WeekdayHours, WhatsappDto } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm, type UseFormHandleSubmit } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { FormDialog, useRecordForm, useSaveRecord } from "../common/FormDialog";
import { QueueHoursTab } from "../queues/QueueHoursTab";
import { useLookups } from "../queues/useLookups";
import { useQueues } from "../queues/useQueues";
import { GeneralFields, MessageFields, QueueFields, TransferFields } from "./ConnectionFields";
import {
  connectionFormSchema,
  connectionTabs,
  emptyConnectionForm,
  tabOfField,
  toFormValues,
  toSaveBody,
  type ConnectionFormValues,
} from "./connectionForm";
import { ProviderFields } from "./ProviderFields";
import { upsertConnection } from "./connectionList";
import { connectionsKey, setConnections } from "./useConnections";

interface Props {
  /** The connection to edit; absent to add one. */
  whatsappId?: number;
  onClose: () => void;
}

function useConnectionRecord(id: number | undefined) {
  return useQuery({
    queryKey: [...connectionsKey, id],
    queryFn: () => api.get<WhatsappDto>(`/whatsapp/${id}`, { session: 0 }),
    enabled: id !== undefined,
    retry: false,
    staleTime: 0,
  });
}

export function ConnectionModal({ whatsappId, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down("sm"));
  const [tab, setTab] = useState(0);
  // A new Cloud API connection stays open once saved, as the connection it now is (below).
  const [createdId, setCreatedId] = useState<number>();
  const id = whatsappId ?? createdId;
  const record = useConnectionRecord(id);
  const queues = useQueues().data ?? [];
  const lookups = useLookups(true);
  const loading = id !== undefined && !record.data;

  const { control, handleSubmit, reset, getValues, setValue } = useForm<ConnectionFormValues>({
    resolver: zodResolver(connectionFormSchema),
    defaultValues: emptyConnectionForm(),
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

  /**
   * What the admin does next with a new Cloud API connection is paste its webhook URL and verify token into
   * Meta (README): the modal goes on showing them, on the provider tab, instead of closing (issue 30 item 4).
   */
  const showsWebhookNext = (saved: WhatsappDto) => id === undefined && saved.provider === "cloud";
  const save = useSaveRecord({
    path: "/whatsapp",
    id,
    toBody: toSaveBody,
    successText: t("whatsappModal.success"),
    onSaved: (saved: WhatsappDto) => {
      setConnections(queryClient, (list) => upsertConnection(list, saved));
      if (!showsWebhookNext(saved)) return;
      queryClient.setQueryData([...connectionsKey, saved.id], saved);
      setCreatedId(saved.id);
      setTab(connectionTabs.indexOf("provider"));
    },
    onClose,
    stayOpen: showsWebhookNext,
  });

  // A refused submit shows the tab holding the first field in error.
  const submitShowingErrors: UseFormHandleSubmit<ConnectionFormValues> = (onValid) =>
    handleSubmit(onValid, (errors) => {
      const first = Object.keys(errors)[0];
      if (first) setTab(connectionTabs.indexOf(tabOfField(first)));
    });

  const keepHours = (hours: WeekdayHours[]) => {
    setValue("schedules", hours, { shouldDirty: true });
    toast.info(t("whatsappModal.toasts.schedulesInfo"));
    setTab(0);
  };

  const panels = [
    <GeneralFields key="general" control={control} setValue={setValue} />,
    <MessageFields key="messages" control={control} />,
    <QueueFields key="queues" control={control} queues={queues} {...lookups} />,
    <TransferFields key="transfer" control={control} queues={queues} />,
    tab === 4 ? <QueueHoursTab key="hours" value={getValues("schedules")} onSave={keepHours} /> : null,
    <ProviderFields
      key="provider"
      control={control}
      setValue={setValue}
      webhookUrl={record.data?.webhookUrl}
      justCreated={createdId !== undefined}
    />,
  ];

  return (
    <FormDialog
      adding={id === undefined}
      i18nKey="whatsappModal"
      maxWidth="md"
      fullScreen={fullScreen}
      onClose={onClose}
      beforeForm={
        <Tabs value={tab} onChange={(_, v: number) => setTab(v)} sx={{ px: 2 }} variant="scrollable">
          {connectionTabs.map((name) => (
            <Tab key={name} label={t(`whatsappModal.tabs.${name}`)} data-testid={`connection-tab-${name}`} />
          ))}
        </Tabs>
      }
      handleSubmit={submitShowingErrors}
      save={save}
      loading={loading}
      testIds={{ dialog: "connection-modal", cancel: "connection-modal-cancel", submit: "connection-modal-save" }}
    >
      {/* Every tab stays mounted (hidden), so its fields keep their errors and values. */}
      {panels.map((panel, i) => (
        <Box key={i} hidden={tab !== i} sx={{ minHeight: 280 }}>
          {panel}
        </Box>
      ))}
    </FormDialog>
  );
}
