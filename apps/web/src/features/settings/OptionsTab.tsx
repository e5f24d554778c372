/**
 * The Options tab (core-platform §2.18, §9): every company option, each saved
 * on its own. Selects save on change; text fields on blur or Enter. The keys
 * only super users may change (the payment provider's tokens, campaignsEnabled)
 * are shown to super users only; the tokens come back masked (billing-api §5),
 * as password inputs: left as they are they stay stored, typed anew they are replaced.
 */
import { useMemo, useState } from "react";
import { Autocomplete, Box, CircularProgress, TextField } from "@mui/material";
import { secretSettings, settingChoices, type SettingEntry, type SettingKey } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { visibleOptionKeys } from "./settings-tabs";
import { useSaveSetting, useSettings } from "./useSettings";

interface FieldProps {
  settingKey: SettingKey;
  value: string;
  onSave: (value: string) => void;
  /** Agents may read the options; only admins change them (PUT /settings is admin-only). */
  disabled: boolean;
}

function SelectOption({ settingKey, value, onSave, disabled }: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      fullWidth
      disabled={disabled}
      label={t(`settings.options.fields.${settingKey}`)}
      value={value}
      onChange={(e) => onSave(e.target.value)}
      slotProps={{ select: { native: true }, htmlInput: { "data-testid": `setting-${settingKey}` } }}
    >
      {(settingChoices[settingKey] ?? []).map((choice) => (
        <option key={choice} value={choice}>
          {t(`settings.options.values.${choice}`)}
        </option>
      ))}
    </TextField>
  );
}

/** Where Asaas posts its webhooks, for the webhook token's help (SERVER-BEHAVIOUR "Billing"). */
const webhookUrl = () => `${window.location.origin}/api/payments/asaas/webhook`;

/** Free text, saved when the person leaves the field or presses Enter, and only if it changed. */
function TextOption({ settingKey, value, onSave, disabled }: FieldProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [saved, setSaved] = useState(value);
  // A value changed elsewhere (realtime) replaces an untouched draft.
  if (value !== saved) {
    setSaved(value);
    setDraft(value);
  }
  const commit = () => {
    if (draft.trim() !== value) onSave(draft.trim());
  };
  return (
    <TextField
      fullWidth
      disabled={disabled}
      label={t(`settings.options.fields.${settingKey}`)}
      value={draft}
      type={secretSettings.includes(settingKey) ? "password" : "text"}
      autoComplete="off"
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === "Enter" && commit()}
      helperText={t(`settings.options.help.${settingKey}`, { defaultValue: "", url: webhookUrl() }) || undefined}
      slotProps={{ htmlInput: { "data-testid": `setting-${settingKey}` } }}
    />
  );
}

function TimezoneOption({ settingKey, value, onSave, disabled }: FieldProps) {
  const { t } = useTranslation();
  const zones = useMemo(() => {
    const all = Intl.supportedValuesOf("timeZone");
    // A stored zone the browser does not list (e.g. "UTC" in some) stays choosable.
    return value && !all.includes(value) ? [value, ...all] : all;
  }, [value]);
  return (
    <Autocomplete
      options={zones}
      value={value}
      disabled={disabled}
      disableClearable
      onChange={(_, zone) => zone !== value && onSave(zone)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t(`settings.options.fields.${settingKey}`)}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, "data-testid": `setting-${settingKey}` },
          }}
        />
      )}
    />
  );
}

function fieldFor(key: SettingKey) {
  if (settingChoices[key]) return SelectOption;
  return key === "timezone" ? TimezoneOption : TextOption;
}

export function OptionsTab({ isSuper, canEdit }: { isSuper: boolean; canEdit: boolean }) {
  const settings = useSettings();
  const save = useSaveSetting();
  if (!settings.data) {
    return (
      <Box sx={{ display: "grid", placeItems: "center", py: 6 }} aria-busy="true">
        <CircularProgress />
      </Box>
    );
  }
  const valueOf = (key: string) => settings.data.find((s: SettingEntry) => s.key === key)?.value ?? "";
  return (
    <Box
      data-testid="settings-options"
      sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "1fr 1fr 1fr" } }}
    >
      {visibleOptionKeys(isSuper).map((key) => {
        const Field = fieldFor(key);
        return (
          <Field
            key={key}
            settingKey={key}
            value={valueOf(key)}
            disabled={!canEdit}
            onSave={(value) => save.mutate({ key, value })}
          />
        );
      })}
    </Box>
  );
}
