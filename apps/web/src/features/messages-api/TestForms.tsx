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
import type { ReactNode } from "react";
import {
  Controller,
  useForm,
  type Control,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
} from "react-hook-form";
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

type RecipientValues = FieldValues & { token: string; number: string };

/** Token and number, shared by both forms. */
function Recipient<V extends RecipientValues>({ control, prefix }: { control: Control<V>; prefix: string }) {
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

type Payload = Parameters<typeof sendTestMessage>[1];

/**
 * Both forms' behaviour: send with the form's token, then toast and empty the
 * form; a refusal shows the server's error and keeps what was typed.
 */
function useTestForm<V extends RecipientValues>(
  resolver: Resolver<V>,
  empty: V,
  toPayload: (values: V) => Payload | null,
) {
  const { t } = useTranslation();
  const { control, handleSubmit, reset, formState } = useForm<V>({
    resolver,
    defaultValues: empty as DefaultValues<V>,
  });
  const submit = handleSubmit(async (values) => {
    const payload = toPayload(values);
    if (!payload) return;
    try {
      await sendTestMessage(values.token, payload);
      toast.success(t("messagesAPI.toasts.sent"));
      reset(empty);
    } catch (err) {
      showSendError(err);
    }
  });
  return { control, submit, busy: formState.isSubmitting };
}

/** The frame both forms share: recipient fields, the form's own fields, the send button. */
function TestFormFrame<V extends RecipientValues>({
  kind,
  form,
  children,
}: {
  kind: "text" | "media";
  form: ReturnType<typeof useTestForm<V>>;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => void form.submit(e)}
      sx={{ display: "grid", gap: 2 }}
      data-testid={`api-${kind}-form`}
    >
      <Recipient control={form.control} prefix={`api-${kind}`} />
      {children}
      <SubmitButton testId={`api-${kind}-send`} busy={form.busy} />
    </Box>
  );
}

export function TextTestForm() {
  const { t } = useTranslation();
  const form = useTestForm<TextFormValues>(zodResolver(textFormSchema), emptyTextForm, (values) => ({
    number: contactDigits(values.number),
    body: values.body,
  }));
  return (
    <TestFormFrame kind="text" form={form}>
      <FormField
        control={form.control}
        name="body"
        label={t("messagesAPI.form.body")}
        testId="api-text-body"
        autoComplete="off"
      />
    </TestFormFrame>
  );
}

export function MediaTestForm() {
  const { t } = useTranslation();
  const form = useTestForm<MediaFormValues>(zodResolver(mediaFormSchema), emptyMediaForm, (values) =>
    values.file ? mediaFormData({ number: values.number, file: values.file }) : null,
  );
  return (
    <TestFormFrame kind="media" form={form}>
      <Controller
        control={form.control}
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
    </TestFormFrame>
  );
}
