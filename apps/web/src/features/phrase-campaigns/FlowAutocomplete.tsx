/** The campaign dialog's flow field: an autocomplete over every flow's name (GET /flowbuilder without pageNumber). */
import { Autocomplete, TextField } from "@mui/material";
import { Controller, type Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useFlowOptions } from "../flows/useFlows";
import type { CampaignFormValues } from "./campaignForm";

export function FlowAutocomplete({ control }: { control: Control<CampaignFormValues> }) {
  const { t } = useTranslation();
  const flows = useFlowOptions();
  const options = flows.data ?? [];
  return (
    <Controller
      name="flowId"
      control={control}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={options}
          value={options.find((f) => f.id === field.value) ?? null}
          onChange={(_, flow) => field.onChange(flow?.id ?? null)}
          onBlur={field.onBlur}
          loading={flows.isLoading}
          getOptionLabel={(flow) => flow.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={t("phraseCampaigns.form.noFlows")}
          renderOption={({ key, ...props }, flow) => (
            <li key={key} {...props} data-testid={`phrase-campaign-flow-option-${flow.id}`}>
              {flow.name}
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label={t("phraseCampaigns.form.flow")}
              margin="dense"
              error={!!fieldState.error}
              helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, "data-testid": "phrase-campaign-flow" },
              }}
            />
          )}
        />
      )}
    />
  );
}
