/**
 * Campaign settings (/campaigns-config, business-areas §2.12, §9): the three
 * interval selects, the custom variables, the opt-out words, and Save. Nothing is stored until
 * Save (POST /campaign-settings with every setting).
 */
import { useEffect, useState } from "react";
import { Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from "@mui/material";
import {
  campaignIntervalOptions,
  campaignIntervals,
  type CampaignInterval,
  type CampaignSettings,
} from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { AddVariable } from "./AddVariable";
import { OptOutWords } from "./OptOutWords";
import { useCampaignSettings, useSaveCampaignSettings } from "./useCampaignSettings";
import { VariablesTable } from "./VariablesTable";

function IntervalSelect(props: { name: CampaignInterval; value: number; onChange: (value: number) => void }) {
  const { name, value, onChange } = props;
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={t(`campaignsConfig.intervals.${name}.label`)}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      fullWidth
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { "data-testid": `campaign-${name}` },
      }}
    >
      {campaignIntervalOptions[name].map((option) => (
        <option key={option} value={option}>
          {option === 0
            ? t(`campaignsConfig.intervals.${name}.none`)
            : t(`campaignsConfig.intervals.${name}.option`, { count: option })}
        </option>
      ))}
    </TextField>
  );
}

export default function CampaignSettingsPage() {
  const { t } = useTranslation();
  const loaded = useCampaignSettings();
  const save = useSaveCampaignSettings();
  const [settings, setSettings] = useState<CampaignSettings | null>(null);
  useEffect(() => {
    if (loaded.data) setSettings(loaded.data);
  }, [loaded.data]);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="campaign-settings">
      <Typography variant="h5" component="h1" gutterBottom>
        {t("campaignsConfig.title")}
      </Typography>
      {!settings ? (
        <Box sx={{ display: "grid", placeItems: "center", py: 6 }} aria-busy="true">
          <CircularProgress />
        </Box>
      ) : (
        <Stack spacing={3}>
          <Stack direction={{ xs: "column", md: "row" }} spacing={2}>
            {campaignIntervals.map((name) => (
              <IntervalSelect
                key={name}
                name={name}
                value={settings[name]}
                onChange={(value) => setSettings({ ...settings, [name]: value })}
              />
            ))}
          </Stack>
          <Box>
            <Typography variant="subtitle1" gutterBottom>
              {t("campaignsConfig.variablesTitle")}
            </Typography>
            <AddVariable
              variables={settings.variables}
              onAdd={(variable) => setSettings({ ...settings, variables: [...settings.variables, variable] })}
            />
            <VariablesTable
              variables={settings.variables}
              onDelete={(key) =>
                setSettings({ ...settings, variables: settings.variables.filter((v) => v.key !== key) })
              }
            />
          </Box>
          <OptOutWords
            words={settings.optOutWords}
            onChange={(optOutWords) => setSettings({ ...settings, optOutWords })}
          />
          <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
            <Button
              variant="contained"
              loading={save.isPending}
              onClick={() => save.mutate(settings)}
              data-testid="campaign-settings-save"
            >
              {t("campaignsConfig.buttons.save")}
            </Button>
          </Box>
        </Stack>
      )}
    </Paper>
  );
}
