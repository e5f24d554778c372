/** The schedule modal's contact: an autocomplete over the company's contacts (GET /contacts/list, searched as typed). */
import { useState } from "react";
import { Autocomplete, TextField } from "@mui/material";
import { timings } from "@balcao/contracts";
import { useQuery } from "@tanstack/react-query";
import { Controller, type Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { api } from "../../api/http";
import { useDebouncedValue } from "../lists/usePagedList";
import type { ContactOption, ScheduleFormValues } from "./scheduleForm";

export function ContactField({ control, disabled }: { control: Control<ScheduleFormValues>; disabled: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const term = useDebouncedValue(text.trim().toLowerCase(), timings.searchDebounceMs);
  const options = useQuery({
    queryKey: ["contacts", "list", term],
    queryFn: () => api.get<ContactOption[]>("/contacts/list", { searchParam: term }),
    enabled: !disabled,
  });
  return (
    <Controller
      name="contact"
      control={control}
      render={({ field, fieldState }) => (
        <Autocomplete<ContactOption>
          options={options.data ?? []}
          value={field.value}
          disabled={disabled}
          filterOptions={(o) => o}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={options.isFetching}
          noOptionsText={t("common.noRecords")}
          onInputChange={(_, v, reason) => reason === "input" && setText(v)}
          onChange={(_, o) => field.onChange(o)}
          renderOption={(liProps, o) => (
            <li {...liProps} key={o.id} data-testid={`schedule-contact-option-${o.id}`}>
              {o.name}
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              margin="dense"
              label={t("scheduleModal.form.contact")}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, "data-testid": "schedule-contact" },
              }}
            />
          )}
        />
      )}
    />
  );
}
