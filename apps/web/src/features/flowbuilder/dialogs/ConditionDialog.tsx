/**
 * The condition block (ours, issue 18): a variable (one of the flow's answer keys, or
 * typed), an operator (equals, contains, greater, less, empty) and a value (hidden for
 * empty); data {key, condition, value}; its outputs are "true" and "false".
 */
import { useState } from "react";
import { Autocomplete, TextField } from "@mui/material";
import { flowConditionOperators, type FlowConditionOperator } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { BlockDialogShell, blockDialog } from "./BlockDialogShell";
import { str } from "./read";
import { conditionData, conditionErrors, type ConditionValues } from "./rules";
import type { BlockDialogProps } from "./types";

function savedOperator(value: unknown): FlowConditionOperator {
  return (flowConditionOperators as readonly unknown[]).includes(value) ? (value as FlowConditionOperator) : "equals";
}

function ConditionForm({ mode, data, variables, onSave, onClose }: BlockDialogProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ConditionValues>({
    key: str(data?.key),
    condition: savedOperator(data?.condition),
    value: str(data?.value),
  });
  const [errors, setErrors] = useState<ReturnType<typeof conditionErrors> | null>(null);
  const set = (patch: Partial<ConditionValues>) => {
    setValues((old) => ({ ...old, ...patch }));
    setErrors(null);
  };
  const submit = () => {
    const found = conditionErrors(values);
    setErrors(found);
    if (!found.key && !found.value) onSave(conditionData(values));
  };
  return (
    <BlockDialogShell mode={mode} block="condition" onClose={onClose} onSubmit={submit}>
      <Autocomplete
        freeSolo
        options={variables}
        inputValue={values.key}
        onInputChange={(_, key) => set({ key })}
        renderInput={(params) => (
          <TextField
            {...params}
            margin="dense"
            label={t("flowDialogs.condition.key")}
            error={!!errors?.key}
            helperText={t(errors?.key ?? "flowDialogs.condition.keyHelp")}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, "data-testid": "flow-condition-key" },
            }}
          />
        )}
      />
      <TextField
        select
        fullWidth
        margin="dense"
        label={t("flowDialogs.condition.operator")}
        value={values.condition}
        onChange={(e) => set({ condition: savedOperator(e.target.value) })}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { "data-testid": "flow-condition-operator" },
        }}
      >
        {flowConditionOperators.map((op) => (
          <option key={op} value={op}>
            {t(`flowDialogs.condition.operators.${op}`)}
          </option>
        ))}
      </TextField>
      {values.condition !== "empty" && (
        <TextField
          fullWidth
          margin="dense"
          label={t("flowDialogs.condition.value")}
          value={values.value}
          onChange={(e) => set({ value: e.target.value })}
          error={!!errors?.value}
          helperText={errors?.value ? t(errors.value) : undefined}
          slotProps={{ htmlInput: { "data-testid": "flow-condition-value" } }}
        />
      )}
    </BlockDialogShell>
  );
}

export const ConditionDialog = blockDialog(ConditionForm);
