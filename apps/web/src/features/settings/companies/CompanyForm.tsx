/**
 * The company form of the Companies tab (core-platform §2.18): name, email,
 * phone, plan, status, campaigns, due date and recurrence; a password only
 * when adding. The expiry button moves the due date on by the recurrence in
 * the form only (§4.6); the change is kept when the form is saved.
 */
import { useEffect } from "react";
import { Box, Button, TextField } from "@mui/material";
import EventRepeat from "@mui/icons-material/EventRepeat";
import { renewDueDate, type CompanyDto, type PlanDto } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/http";
import { FormField, PasswordField } from "../../auth/FormField";
import { maskPhone } from "../../auth/phone-mask";
import { FormActions } from "../FormActions";
import {
  companyFormSchema,
  emptyCompanyForm,
  localToday,
  nameTaken,
  recurrenceChoices,
  toFormValues,
  toSaveBody,
  type CompanyFormValues,
} from "./companyForm";

interface Props {
  editing: CompanyDto | null;
  companies: CompanyDto[];
  plans: PlanDto[];
  saving: boolean;
  onSave: (body: ReturnType<typeof toSaveBody>, onNameTaken: () => void) => void;
  onDelete: () => void;
  onClear: () => void;
}

const grid = { display: "grid", columnGap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "repeat(4, 1fr)" } };

export function CompanyForm({ editing, companies, plans, saving, onSave, onDelete, onClear }: Props) {
  const { t } = useTranslation();
  const { control, handleSubmit, reset, setValue, getValues, setError } = useForm<CompanyFormValues>({
    resolver: zodResolver(companyFormSchema),
    defaultValues: emptyCompanyForm,
    mode: "onTouched",
  });
  const name = useWatch({ control, name: "name" });
  const recurrence = useWatch({ control, name: "recurrence" });

  useEffect(() => {
    reset(editing ? toFormValues(editing) : emptyCompanyForm);
  }, [editing, reset]);

  const renew = () => {
    const next = renewDueDate(getValues("dueDate") || null, getValues("recurrence"), localToday());
    setValue("dueDate", next, { shouldDirty: true });
  };

  const submit = handleSubmit((values) =>
    onSave(toSaveBody(values, !editing), () => setError("name", { message: "settings.company.duplicateName" })),
  );

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid="company-form">
      <Box sx={grid}>
        <FormField
          control={control}
          name="name"
          label={t("settings.company.form.name")}
          testId="company-name"
          helperText={nameTaken(name, companies, editing?.id) ? t("settings.company.duplicateName") : undefined}
        />
        <FormField
          control={control}
          name="email"
          label={t("settings.company.form.email")}
          testId="company-email"
          type="email"
        />
        <FormField
          control={control}
          name="phone"
          label={t("settings.company.form.phone")}
          testId="company-phone"
          transform={maskPhone}
          htmlInput={{ inputMode: "tel" }}
        />
        <FormField control={control} name="planId" label={t("settings.company.form.plan")} testId="company-plan" select>
          <option value="">{t("settings.company.form.choosePlan")}</option>
          {plans.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.name}
            </option>
          ))}
        </FormField>
        <FormField
          control={control}
          name="status"
          label={t("settings.company.form.status")}
          testId="company-status"
          select
        >
          <option value="true">{t("settings.company.status.active")}</option>
          <option value="false">{t("settings.company.status.inactive")}</option>
        </FormField>
        <FormField
          control={control}
          name="campaignsEnabled"
          label={t("settings.company.form.campaignsEnabled")}
          testId="company-campaigns"
          select
        >
          <option value="true">{t("settings.options.values.enabled")}</option>
          <option value="false">{t("settings.options.values.disabled")}</option>
        </FormField>
        <Controller
          control={control}
          name="dueDate"
          render={({ field }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              type="date"
              label={t("settings.company.form.dueDate")}
              fullWidth
              margin="dense"
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "company-due-date" } }}
            />
          )}
        />
        <FormField
          control={control}
          name="recurrence"
          label={t("settings.company.form.recurrence")}
          testId="company-recurrence"
          select
        >
          {recurrenceChoices(editing?.recurrence ?? "MENSAL").map((r) => (
            <option key={r} value={r}>
              {t(`settings.company.recurrences.${r}`)}
            </option>
          ))}
        </FormField>
        {!editing && (
          <PasswordField
            control={control}
            name="password"
            label={t("settings.company.form.password")}
            testId="company-password"
            autoComplete="new-password"
            helperText={t("settings.company.form.passwordHelp")}
          />
        )}
      </Box>
      <FormActions editing={!!editing} saving={saving} onClear={onClear} onDelete={onDelete} testId="company">
        <Button startIcon={<EventRepeat />} onClick={renew} data-testid="company-expiry">
          {t("settings.company.buttons.expiry", { recurrence: t(`settings.company.recurrences.${recurrence}`) })}
        </Button>
      </FormActions>
    </Box>
  );
}

/** Whether a failed save was the duplicate name, which the form marks on the name field. */
export function isNameTaken(err: unknown): boolean {
  return err instanceof ApiError && err.code === "ERR_COMPANY_NAME_ALREADY_EXISTS";
}
