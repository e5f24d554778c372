/** §2 Randomizer: a slider 0–100 in steps of 10 (0 refused, §5); branch a gets percent %, b the rest. data {percent}. */
import { useState } from "react";
import { Box, FormHelperText, Slider, Typography } from "@mui/material";
import { flowLimits } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { BlockDialogShell, blockDialog } from "./BlockDialogShell";
import { num } from "./read";
import { randomizerError } from "./rules";
import type { BlockDialogProps } from "./types";

function RandomizerForm({ mode, data, onSave, onClose }: BlockDialogProps) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState(num(data?.percent, 0));
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const problem = randomizerError(percent);
    setError(problem);
    if (!problem) onSave({ percent });
  };
  return (
    <BlockDialogShell mode={mode} block="randomizer" onClose={onClose} onSubmit={submit}>
      <Box sx={{ px: 1, pt: 1 }}>
        <Typography id="flow-randomizer-label" sx={{ mb: 4 }}>
          {t("flowDialogs.randomizer.percent")}
        </Typography>
        <Slider
          aria-labelledby="flow-randomizer-label"
          value={percent}
          onChange={(_, v: number | number[]) => {
            setPercent(Array.isArray(v) ? (v[0] ?? 0) : v);
            setError(null);
          }}
          min={0}
          max={flowLimits.randomizerMax}
          step={flowLimits.randomizerStep}
          marks
          valueLabelDisplay="auto"
          data-testid="flow-randomizer-percent"
        />
        <Typography variant="body2" color="text.secondary">
          {t("flowDialogs.randomizer.split", { a: percent, b: 100 - percent })}
        </Typography>
        {error && <FormHelperText error>{t(error)}</FormHelperText>}
      </Box>
    </BlockDialogShell>
  );
}

export const RandomizerDialog = blockDialog(RandomizerForm);
