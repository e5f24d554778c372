/** §2 Interval: "Tempo em segundos", more than 0 and at most 120 (§5); data {sec, label "Intervalo {sec} seg."}. */
import { useState } from "react";
import { TextField } from "@mui/material";
import { flowIntervalLabel, flowLimits } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { BlockDialogShell, blockDialog } from "./BlockDialogShell";
import { num } from "./read";
import { intervalError } from "./rules";
import type { BlockDialogProps } from "./types";

function IntervalForm({ mode, data, onSave, onClose }: BlockDialogProps) {
  const { t } = useTranslation();
  const [sec, setSec] = useState(data?.sec === undefined ? "" : String(num(data.sec, 0)));
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const value = sec.trim() === "" ? 0 : Number(sec);
    const problem = intervalError(value);
    setError(problem);
    if (!problem) onSave({ sec: value, label: flowIntervalLabel(value) });
  };
  return (
    <BlockDialogShell mode={mode} block="interval" onClose={onClose} onSubmit={submit}>
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        type="number"
        label={t("flowDialogs.interval.sec")}
        value={sec}
        onChange={(e) => {
          setSec(e.target.value);
          setError(null);
        }}
        error={!!error}
        helperText={error ? t(error) : undefined}
        slotProps={{
          htmlInput: {
            "data-testid": "flow-interval-sec",
            min: flowLimits.intervalMin,
            max: flowLimits.intervalMax,
            step: 1,
          },
        }}
      />
    </BlockDialogShell>
  );
}

export const IntervalDialog = blockDialog(IntervalForm);
