/** The plan form of the Plans tab (core-platform §2.18): limits, monthly value and feature switches. */
import { useEffect } from "react";
import { Box, FormControlLabel, FormGroup, Switch, Typography } from "@mui/material";
import { planFlags, type PlanDto } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "../../auth/FormField";
import { FormActions } from "../FormActions";
import { emptyPlanForm, planFormSchema, toFormValues, toSaveBody, type PlanFormValues } from "./planForm";

interface Props {
  editing: PlanDto | null;
  saving: boolean;
  onSave: (body: ReturnType<typeof toSaveBody>) => void;
  onDelete: () => void;
  onClear: () => void;
}

const grid = { display: "grid", columnGap: 2, gridTemplateColumns: { xs: "1fr 1fr", md: "2fr repeat(5, 1fr)" } };

export function PlanForm({ editing, saving, onSave, onDelete, onClear }: Props) {
  const { t } = useTranslation();
  const { control, handleSubmit, reset } = useForm<PlanFormValues>({
    resolver: zodResolver(planFormSchema),
    defaultValues: emptyPlanForm(),
    mode: "onTouched",
  });

  useEffect(() => {
    reset(editing ? toFormValues(editing) : emptyPlanForm());
  }, [editing, reset]);

  const numeric = { inputMode: "numeric" as const };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => void handleSubmit((values) => onSave(toSaveBody(values)))(e)}
      data-testid="plan-form"
    >
      <Box sx={grid}>
        <Box sx={{ gridColumn: { xs: "1 / -1", md: "auto" } }}>
          <FormField control={control} name="name" label={t("plans.form.name")} testId="plan-name" />
        </Box>
        <FormField
          control={control}
          name="users"
          label={t("plans.form.users")}
          testId="plan-users"
          htmlInput={numeric}
        />
        <FormField
          control={control}
          name="connections"
          label={t("plans.form.connections")}
          testId="plan-connections"
          htmlInput={numeric}
        />
        <FormField
          control={control}
          name="queues"
          label={t("plans.form.queues")}
          testId="plan-queues"
          htmlInput={numeric}
        />
        <FormField
          control={control}
          name="storageMb"
          label={t("plans.form.storageMb")}
          testId="plan-storage"
          htmlInput={numeric}
        />
        <FormField
          control={control}
          name="value"
          label={t("plans.form.value")}
          testId="plan-value"
          htmlInput={{ inputMode: "decimal" }}
        />
      </Box>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t("plans.form.features")}
      </Typography>
      <FormGroup row>
        {planFlags.map((flag) => (
          <Controller
            key={flag}
            control={control}
            name={`flags.${flag}`}
            render={({ field }) => (
              <FormControlLabel
                label={t(`plans.features.${flag}`)}
                control={
                  <Switch
                    checked={field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                    slotProps={{ input: { "data-testid": `plan-${flag}` } as object }}
                  />
                }
              />
            )}
          />
        ))}
      </FormGroup>
      <FormActions editing={!!editing} saving={saving} onClear={onClear} onDelete={onDelete} testId="plan" />
    </Box>
  );
}
