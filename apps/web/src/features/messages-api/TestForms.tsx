/**
 * The two test forms of the Messages API page (business-areas §2.18): text
 * (token, number, body) and media (token, number, file). Each sends with the
 * form's token, resets after a success with a toast, and shows the server's
 * error otherwise.
 */
import { Box, Button, FormHelperText, Typography } from "@mui/material";
import AttachFile from "@mui/icons-material/AttachFile";
import { contactDigits } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm, type Control, type FieldValues, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { FormField } from "../auth/FormField";
import { sendTestMessage } from "./sendTestMessage";
import { showSendError } from "./showSendError";
import {
  emptyMediaForm,
  emptyTextForm,
  mediaFormData,
  mediaFormSchema,
  textFormSchema,
  type MediaFormValues,
  type TextFormValues,
} from "./testForms";

/** Token and number, shared by both forms. */
function Recipient<V extends FieldValues & { token: string; number: string }>({
  control,
  prefix,
}: {
  control: Control<V>;
  prefix: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        control={control}
        name={"token" as Path<V>}
        label={t("messagesAPI.form.token")}
        testId={`${prefix}-token`}
        autoComplete="off"
      />
      <FormField
        control={control}
        name={"number" as Path<V>}
        label={t("messagesAPI.form.number")}
        helperText={t("messagesAPI.form.numberHelp")}
        testId={`${prefix}-number`}
        autoComplete="off"
        htmlInput={{ inputMode: "tel" }}
      />
    </>
  );
}

function SubmitButton({ testId, busy }: { testId: string; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="submit" variant="contained" disabled={busy} data-testid={testId} sx={{ justifySelf: "start" }}>
      {t("messagesAPI.form.send")}
    </Button>
  );
}

export function TextTestForm() {
  const { t } = useTranslation();
  const { control, handleSubmit, reset, formState } = useForm<TextFormValues>({
    resolver: zodResolver(textFormSchema),
    defaultValues: emptyTextForm,
  });
  const submit = handleSubmit(async (values) => {
    try {
      await sendTestMessage(values.token, { number: contactDigits(values.number), body: values.body });
      toast.success(t("messagesAPI.toasts.sent"));
      reset(emptyTextForm);
    } catch (err) {
      showSendError(err);
    }
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => void submit(e)}
      sx={{ display: "grid", gap: 2 }}
      data-testid="api-text-form"
    >
      <Recipient control={control} prefix="api-text" />
      <FormField
        control={control}
        name="body"
        label={t("messagesAPI.form.body")}
        testId="api-text-body"
        autoComplete="off"
      />
      <SubmitButton testId="api-text-send" busy={formState.isSubmitting} />
    </Box>
  );
}

export function MediaTestForm() {
  const { t } = useTranslation();
  const { control, handleSubmit, reset, formState } = useForm<MediaFormValues>({
    resolver: zodResolver(mediaFormSchema),
    defaultValues: emptyMediaForm,
  });
  const submit = handleSubmit(async (values) => {
    if (!values.file) return;
    try {
      await sendTestMessage(values.token, mediaFormData({ number: values.number, file: values.file }));
      toast.success(t("messagesAPI.toasts.sent"));
      reset(emptyMediaForm);
    } catch (err) {
      showSendError(err);
    }
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => void submit(e)}
      sx={{ display: "grid", gap: 2 }}
      data-testid="api-media-form"
    >
      <Recipient control={control} prefix="api-media" />
      <Controller
        control={control}
        name="file"
        render={({ field, fieldState }) => (
          <Box>
            <Button component="label" variant="outlined" startIcon={<AttachFile />}>
              {t("messagesAPI.form.chooseFile")}
              {/* Keyed by the chosen file, so a reset also empties the native input. */}
              <input
                key={field.value?.name ?? "none"}
                hidden
                type="file"
                data-testid="api-media-file"
                onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
              />
            </Button>
            <Typography variant="body2" component="span" sx={{ ml: 2 }} data-testid="api-media-file-name">
              {field.value?.name ?? t("messagesAPI.form.noFile")}
            </Typography>
            {fieldState.error?.message && <FormHelperText error>{t(fieldState.error.message)}</FormHelperText>}
          </Box>
        )}
      />
      <SubmitButton testId="api-media-send" busy={formState.isSubmitting} />
    </Box>
  );
}
