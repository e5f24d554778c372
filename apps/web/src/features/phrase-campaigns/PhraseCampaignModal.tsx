/**
 * The phrase campaign dialog (automation-areas §2): "Nova campanha com fluxo
 * por frase" / "Editar campanha com fluxo por frase"; name, flow
 * (autocomplete), connection (with its status; "Selecione uma Conexão"),
 * phrase and the Status switch; "Cancelar" and "Criar campanha" / "Salvar
 * campanha". A missing connection is flagged once a save was tried, and the
 * save goes on (§5).
 */
import { FormControlLabel, Switch } from "@mui/material";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog, useRecordForm } from "../common/FormDialog";
import { FormText } from "../common/FormText";
import { ConnectionSelect } from "../tickets/dialogs/ConnectionSelect";
import {
  campaignFormSchema,
  emptyCampaignForm,
  missingConnection,
  toCampaignForm,
  type CampaignFormValues,
} from "./campaignForm";
import { FlowAutocomplete } from "./FlowAutocomplete";
import { useCampaignDetails, useSaveCampaign } from "./usePhraseCampaigns";

interface Props {
  /** The campaign to edit; absent to add one. */
  campaignId?: number;
  onClose: () => void;
}

const f = (key: string) => `phraseCampaigns.form.${key}`;

export function PhraseCampaignModal({ campaignId, onClose }: Props) {
  const { t } = useTranslation();
  const adding = campaignId === undefined;
  const record = useCampaignDetails(campaignId);
  const { control, handleSubmit, reset, formState } = useForm<CampaignFormValues>({
    resolver: zodResolver(campaignFormSchema),
    defaultValues: emptyCampaignForm(),
    mode: "onTouched",
  });
  useRecordForm({
    record: record.data,
    toForm: toCampaignForm,
    reset,
    failed: record.isError,
    error: record.error,
    onClose,
  });
  const save = useSaveCampaign(campaignId, onClose);
  const whatsappId = useWatch({ control, name: "whatsappId" });
  const status = useWatch({ control, name: "status" });
  const flagged = formState.submitCount > 0 && missingConnection({ whatsappId });

  return (
    <FormDialog
      adding={adding}
      i18nKey="phraseCampaigns.modal"
      maxWidth="sm"
      onClose={onClose}
      handleSubmit={handleSubmit}
      save={save}
      loading={!adding && !record.data}
      testIds={{ dialog: "phrase-campaign-modal", cancel: "phrase-campaign-cancel", submit: "phrase-campaign-save" }}
    >
      <FormText control={control} name="name" label={t(f("name"))} testId="phrase-campaign-name" />
      <FlowAutocomplete control={control} />
      <Controller
        name="whatsappId"
        control={control}
        render={({ field }) => (
          <ConnectionSelect
            value={field.value}
            onChange={field.onChange}
            placeholder={t(f("connectionPlaceholder"))}
            error={flagged ? t(f("connectionMissing")) : undefined}
            testId="phrase-campaign-connection"
          />
        )}
      />
      <FormText control={control} name="phrase" label={t(f("phrase"))} testId="phrase-campaign-phrase" />
      <Controller
        name="status"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            sx={{ mt: 1 }}
            label={`${t(f("status"))}: ${t(status ? "phraseCampaigns.status.active" : "phraseCampaigns.status.inactive")}`}
            control={
              <Switch
                checked={field.value}
                onChange={(e) => field.onChange(e.target.checked)}
                slotProps={{ input: { "data-testid": "phrase-campaign-status" } as object }}
              />
            }
          />
        )}
      />
    </FormDialog>
  );
}
