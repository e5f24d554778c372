/**
 * Add or edit a campaign (business-areas §2.11, §4): the fields, the message
 * tabs, the media, and the buttons restart (CANCELADA), cancel (running or
 * scheduled), attach, close and save. A campaign no longer editable is
 * titled read-only with its fields disabled; a CANCELADA one keeps its
 * messages editable and its Save.
 */
import { useState } from "react";
import { Button } from "@mui/material";
import type { CampaignDetailDto, CampaignDto } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useCampaignSettings } from "../campaign-settings/useCampaignSettings";
import { FormDialog, useRecordForm } from "../common/FormDialog";
import { CampaignFields } from "./CampaignFields";
import { campaignAccess, campaignFormSchema, emptyCampaignForm, toCampaignBody, toCampaignForm } from "./campaignForm";
import { AttachButton, MediaName } from "./CampaignMedia";
import { CampaignMessages } from "./CampaignMessages";
import { saveCampaign } from "./saveCampaign";
import { campaignSaved, useCampaignCommand } from "./useCampaigns";
import { useRemoveStoredMedia } from "../common/useRemoveStoredMedia";

interface Props {
  /** The campaign to edit; absent to add one. */
  campaignId?: number;
  onClose: () => void;
}

function CommandButtons({ campaign, onDone }: { campaign: CampaignDto; onDone: (c: CampaignDto) => void }) {
  const { t } = useTranslation();
  const access = campaignAccess(campaign);
  const restart = useCampaignCommand("restart", onDone);
  const cancel = useCampaignCommand("cancel", onDone);
  return (
    <>
      {access.canRestart && (
        <Button
          color="primary"
          loading={restart.isPending}
          onClick={() => restart.mutate(campaign.id)}
          data-testid="campaign-restart"
        >
          {t("campaigns.dialog.buttons.restart")}
        </Button>
      )}
      {access.canCancel && (
        <Button
          color="error"
          loading={cancel.isPending}
          onClick={() => cancel.mutate(campaign.id)}
          data-testid="campaign-cancel-run"
        >
          {t("campaigns.dialog.buttons.cancel")}
        </Button>
      )}
    </>
  );
}

export function CampaignModal({ campaignId, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useCampaignSettings();
  const [file, setFile] = useState<File | null>(null);
  const [stored, setStored] = useState<CampaignDto | undefined>(undefined);
  const record = useQuery({
    // Its own key: a realtime copy written into the report's cache must not reset the form being edited.
    queryKey: ["campaign-modal", campaignId],
    queryFn: () => api.get<CampaignDetailDto>(`/campaigns/${campaignId}`),
    enabled: campaignId !== undefined,
    retry: false,
    gcTime: 0,
  });
  const current = stored ?? record.data;
  const access = campaignAccess(current);

  const { control, handleSubmit, reset, getValues, setValue } = useForm({
    resolver: zodResolver(campaignFormSchema),
    defaultValues: emptyCampaignForm,
    mode: "onTouched",
  });
  const confirmation = useWatch({ control, name: "confirmation" });
  useRecordForm({
    record: record.data,
    toForm: toCampaignForm,
    reset,
    failed: record.isError,
    error: record.error,
    onClose,
  });

  const keep = (campaign: CampaignDto) => {
    setStored(campaign);
    campaignSaved(queryClient, campaign);
  };
  const save = useMutation({
    mutationFn: (values: typeof emptyCampaignForm) =>
      saveCampaign({
        id: current?.id,
        body: toCampaignBody(values),
        file,
        canceled: current?.status === "CANCELADA",
        onStored: keep,
      }),
    onSuccess: (saved) => {
      keep(saved);
      toast.success(t("campaigns.toasts.saved"));
      onClose();
    },
    onError: toastError,
  });
  const removeStored = useRemoveStoredMedia<CampaignDto>(
    (id) => `/campaigns/${id}`,
    "campaigns.toasts.mediaDeleted",
    keep,
  );

  const titleKey = current === undefined ? "add" : access.readOnly ? "readonly" : "edit";
  return (
    <FormDialog
      adding={current === undefined}
      i18nKey="campaigns.dialog"
      cancelKey="campaigns.dialog.buttons.close"
      maxWidth="md"
      onClose={onClose}
      handleSubmit={handleSubmit}
      save={save}
      loading={campaignId !== undefined && !record.data}
      title={t(`campaigns.dialog.title.${titleKey}`)}
      readOnly={!access.canSave}
      testIds={{ dialog: "campaign-modal", cancel: "campaign-close", submit: "campaign-save" }}
      extraActions={
        <>
          {current && <CommandButtons campaign={current} onDone={keep} />}
          {access.canSave && <AttachButton onAttach={setFile} />}
        </>
      }
    >
      <CampaignFields control={control} campaign={current} disabled={!access.editable} />
      <MediaName
        name={file ? file.name : (current?.mediaName ?? null)}
        disabled={!access.canSave}
        onRemove={() => {
          if (file) setFile(null);
          else if (current?.mediaPath) removeStored.mutate(current.id);
        }}
      />
      <CampaignMessages
        control={control}
        getValues={getValues}
        setValue={setValue}
        disabled={!access.messagesEnabled}
        variables={settings.data?.variables ?? []}
        confirmation={confirmation}
      />
    </FormDialog>
  );
}
