/**
 * /forgetpsw (core-platform §2.6, §4.9, §5 Password reset): step 1 mails a
 * verification code, step 2 sets the new password with that code.
 */
import { useState } from "react";
import { Box, Button, Link, Stack } from "@mui/material";
import ArrowBack from "@mui/icons-material/ArrowBack";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { toast } from "react-toastify";
import { ApiError, api } from "../../api/http";
import { errorMessage, toastError } from "../../api/toast-error";
import { resetEmailSchema, resetPasswordSchema } from "./auth-schemas";
import { AuthFrame } from "./AuthFrame";
import { AuthSubmit } from "./AuthSubmit";
import { FormField, PasswordField } from "./FormField";
import { useCompanyIdParam, withCompanyId } from "./use-company-id-param";

const seg = encodeURIComponent;

function EmailStep({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm({ resolver: zodResolver(resetEmailSchema), defaultValues: { email: initialEmail }, mode: "onSubmit" });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await api.post(`/forgetpassword/${seg(email)}`);
      // An earlier "not found" would contradict the step the user is now on.
      toast.dismiss("reset-email-not-found");
      toast.success(t("resetPassword.toasts.emailSent"));
      onSent(email);
    } catch (err) {
      setFailure(err);
      if (err instanceof ApiError && err.status === 404) {
        toast.error(t("resetPassword.toasts.emailNotFound"), { toastId: "reset-email-not-found" });
      } else {
        toastError(err);
      }
    }
  });

  const failureText =
    failure === null
      ? null
      : failure instanceof ApiError && failure.status === 404
        ? t("resetPassword.toasts.emailNotFound")
        : errorMessage(failure);

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <FormField
        control={control}
        name="email"
        label={t("resetPassword.form.email")}
        testId="reset-email"
        type="email"
        autoComplete="email"
        autoFocus
      />
      <AuthSubmit
        label={t("resetPassword.buttons.sendEmail")}
        testId="reset-send"
        submitting={isSubmitting}
        failure={failureText}
      />
    </form>
  );
}

/** Backend codes that belong to one field of step 2. */
const fieldOfCode = { ERR_INVALID_RESET_CODE: "code", ERR_WEAK_PASSWORD: "newPassword" } as const;

function CodeStep({ email, onOtherEmail }: { email: string; onOtherEmail: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { code: "", newPassword: "", confirmPassword: "" },
    mode: "onSubmit",
  });

  // The schema only lets this run when both passwords match (§2.6).
  const onSubmit = handleSubmit(async ({ code, newPassword }) => {
    setFailure(null);
    try {
      await api.post(`/resetpasswords/${seg(email)}/${seg(code)}/${seg(newPassword)}`);
      toast.success(t("resetPassword.toasts.passwordUpdated"));
      await navigate("/login", { state: { email } });
    } catch (err) {
      setFailure(err);
      const code = err instanceof ApiError ? err.code : undefined;
      if (code === "ERR_INVALID_RESET_CODE" || code === "ERR_WEAK_PASSWORD") {
        setError(fieldOfCode[code], { message: `backendErrors.${code}` });
      }
      toastError(err);
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <FormField
        control={control}
        name="code"
        label={t("resetPassword.form.verificationCode")}
        testId="reset-code"
        autoComplete="one-time-code"
        autoFocus
        htmlInput={{ inputMode: "numeric" }}
      />
      <PasswordField
        control={control}
        name="newPassword"
        label={t("resetPassword.form.newPassword")}
        testId="reset-password"
        autoComplete="new-password"
        helperText={t("validation.passwordRule")}
      />
      <PasswordField
        control={control}
        name="confirmPassword"
        label={t("resetPassword.form.confirmPassword")}
        testId="reset-confirm"
        autoComplete="new-password"
      />
      <AuthSubmit
        label={t("resetPassword.buttons.submitPassword")}
        testId="reset-submit"
        submitting={isSubmitting}
        failure={failure === null ? null : errorMessage(failure)}
      />
      <Button fullWidth size="small" onClick={onOtherEmail} sx={{ mt: 1, textTransform: "none" }}>
        {t("resetPassword.buttons.otherEmail")}
      </Button>
    </form>
  );
}

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const companyId = useCompanyIdParam();
  // null: step 1 (ask for the email); a string: step 2 for that email (§4.9).
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState("");

  const subtitle =
    sentTo === null ? (
      t("resetPassword.subtitleEmail")
    ) : (
      <>
        {t("resetPassword.subtitleCode")}
        <Box component="strong" sx={{ display: "block", color: "text.primary", overflowWrap: "anywhere" }}>
          {sentTo}
        </Box>
      </>
    );

  return (
    <AuthFrame title={t("resetPassword.title")} subtitle={subtitle}>
      {sentTo === null ? (
        <EmailStep
          initialEmail={lastEmail}
          onSent={(email) => {
            setLastEmail(email);
            setSentTo(email);
          }}
        />
      ) : (
        <CodeStep email={sentTo} onOtherEmail={() => setSentTo(null)} />
      )}
      <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", mt: 2 }}>
        {/* The spec sends "Back" to the sign-up page. */}
        <Link
          component={RouterLink}
          to={withCompanyId("/signup", companyId)}
          variant="body2"
          underline="hover"
          sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}
        >
          <ArrowBack fontSize="inherit" />
          {t("resetPassword.buttons.back")}
        </Link>
        <Link component={RouterLink} to="/login" variant="body2" underline="hover">
          {t("resetPassword.buttons.login")}
        </Link>
      </Stack>
    </AuthFrame>
  );
}
