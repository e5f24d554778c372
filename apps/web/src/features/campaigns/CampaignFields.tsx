/**
 * The campaign modal's fields above the messages (business-areas §2.11):
 * name; contact list, tag and connection selects; scheduledAt; file list;
 * each select with its 'none' entry; and the confirmation switch.
 */
import { FormControlLabel, FormHelperText, Grid, Switch } from "@mui/material";
import type { CampaignDto } from "@balcao/contracts";
import { Controller, type Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormText } from "../common/FormText";
import type { Named } from "../tickets/useLookupLists";
import type { CampaignFormValues } from "./campaignForm";
import { useCampaignLookups, withChosen } from "./useCampaignLookups";

type SelectName = "contactListId" | "tagListId" | "whatsappId" | "fileListId";

interface SelectProps {
  control: Control<CampaignFormValues>;
  name: SelectName;
  options: Named[];
  disabled: boolean;
}

/** Each select's 'none' entry has its own text: 'Nenhuma' or 'Nenhum' (§2.11), as the word it stands for takes. */
function LookupSelect({ control, name, options, disabled }: SelectProps) {
  const { t } = useTranslation();
  return (
    <FormText
      control={control}
      name={name}
      select
      label={t(`campaigns.dialog.form.${name}`)}
      disabled={disabled}
      testId={`campaign-${name}`}
    >
      <option value="">{t(`campaigns.dialog.form.none.${name}`)}</option>
      {options.map((o) => (
        <option key={o.id} value={String(o.id)}>
          {o.name}
        </option>
      ))}
    </FormText>
  );
}

interface Props {
  control: Control<CampaignFormValues>;
  /** The campaign being edited: its own choices stay offered. */
  campaign: CampaignDto | undefined;
  disabled: boolean;
}

export function CampaignFields({ control, campaign, disabled }: Props) {
  const { t } = useTranslation();
  const lookups = useCampaignLookups();
  const select = (name: SelectName, options: Named[], chosen: Named | null | undefined) => (
    <LookupSelect control={control} name={name} options={withChosen(options, chosen ?? null)} disabled={disabled} />
  );
  return (
    <Grid container columnSpacing={2}>
      <Grid size={{ xs: 12, sm: 8 }}>
        <FormText
          control={control}
          name="name"
          label={t("campaigns.dialog.form.name")}
          disabled={disabled}
          testId="campaign-name"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }} sx={{ display: "flex", flexDirection: "column", justifyContent: "center" }}>
        <Controller
          control={control}
          name="confirmation"
          render={({ field }) => (
            <FormControlLabel
              label={t("campaigns.dialog.form.confirmation")}
              disabled={disabled}
              control={
                <Switch
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  slotProps={{
                    input: {
                      "data-testid": "campaign-confirmation",
                      "aria-describedby": "campaign-confirmation-help",
                    } as object,
                  }}
                />
              }
            />
          )}
        />
        {/* What the switch does (SERVER-BEHAVIOUR "Campaigns"): the reply to the confirmation releases the main message. */}
        <FormHelperText id="campaign-confirmation-help" sx={{ mt: 0 }} data-testid="campaign-confirmation-help">
          {t("campaigns.dialog.form.confirmationHelp")}
        </FormHelperText>
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{select("contactListId", lookups.contactLists, campaign?.contactList)}</Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{select("tagListId", lookups.tags, campaign?.tag)}</Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{select("whatsappId", lookups.connections, campaign?.whatsapp)}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormText
          control={control}
          name="scheduledAt"
          type="datetime-local"
          label={t("campaigns.dialog.form.scheduledAt")}
          disabled={disabled}
          testId="campaign-scheduledAt"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{select("fileListId", lookups.fileLists, campaign?.fileList)}</Grid>
    </Grid>
  );
}
