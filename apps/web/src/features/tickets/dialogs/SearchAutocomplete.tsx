/**
 * The dialogs' search boxes (contact, user): options come from a search the
 * caller runs on the typed text (from 3 characters), not from filtering.
 */
import type { ReactNode } from "react";
import { Autocomplete, CircularProgress, TextField } from "@mui/material";
import { limits } from "@balcao/contracts";
import { useTranslation } from "react-i18next";

interface Props<O extends { id: number; name: string }> {
  label: string;
  text: string;
  onText: (text: string) => void;
  options: O[];
  value: O | null;
  onChange: (option: O | null) => void;
  loading: boolean;
  optionLabel: (option: O) => string;
  renderOption?: (option: O) => ReactNode;
  optionTestId: (option: O) => string;
  testId: string;
}

export function SearchAutocomplete<O extends { id: number; name: string }>(props: Props<O>) {
  const { label, text, onText, options, value, onChange, loading, optionLabel, renderOption, optionTestId, testId } =
    props;
  const { t } = useTranslation();
  return (
    <Autocomplete<O>
      options={options}
      value={value}
      filterOptions={(o) => o}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id && a.name === b.name}
      loading={loading}
      noOptionsText={text.trim().length < limits.searchMin ? t("newTicketModal.typeMore") : t("common.noRecords")}
      onInputChange={(_, v, reason) => reason !== "reset" && onText(v)}
      onChange={(_, o) => onChange(o)}
      renderOption={(liProps, o) => (
        <li {...liProps} key={`${o.id}-${o.name}`} data-testid={optionTestId(o)}>
          {renderOption ? renderOption(o) : optionLabel(o)}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus
          margin="dense"
          label={label}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, "data-testid": testId },
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {loading && <CircularProgress size={18} />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
