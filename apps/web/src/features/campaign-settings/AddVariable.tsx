/** 'Add variable' reveals a shortcut and a content input with an add button (business-areas §2.12, §5). */
import { useState } from "react";
import { Box, Button, Stack, TextField } from "@mui/material";
import Add from "@mui/icons-material/Add";
import type { CampaignVariable } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { variableProblem } from "./campaignSettingsForm";

interface Props {
  variables: CampaignVariable[];
  onAdd: (variable: CampaignVariable) => void;
}

export function AddVariable({ variables, onAdd }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState("");
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  if (!open) {
    return (
      <Button startIcon={<Add />} onClick={() => setOpen(true)} data-testid="campaign-variable-open">
        {t("campaignsConfig.buttons.addVariable")}
      </Button>
    );
  }
  const add = () => {
    const found = variableProblem(variables, key);
    setProblem(found);
    if (found) return;
    onAdd({ key: key.trim(), value });
    setKey("");
    setValue("");
  };
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
      <TextField
        label={t("campaignsConfig.form.shortcut")}
        value={key}
        onChange={(e) => setKey(e.target.value)}
        size="small"
        error={problem !== null}
        helperText={problem ? t(problem) : undefined}
        slotProps={{ htmlInput: { "data-testid": "campaign-variable-key-input" } }}
      />
      <TextField
        label={t("campaignsConfig.form.content")}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        size="small"
        multiline
        sx={{ flex: 1 }}
        slotProps={{ htmlInput: { "data-testid": "campaign-variable-value-input" } }}
      />
      <Box>
        <Button variant="outlined" onClick={add} data-testid="campaign-variable-add">
          {t("campaignsConfig.buttons.add")}
        </Button>
      </Box>
    </Stack>
  );
}
