/**
 * /login (core-platform §2.4, §4.5). After a login the user returns to where
 * the guard found them, or to /tickets. An expired subscription is explained
 * with its date, and its admin is offered the way to pay (the refusal's
 * payment token: issue 14 item 5); once paid, the same form signs them in.
 * Every other failure goes through the common error toast and stays visible
 * on the page.
 */
import { useState } from "react";
import { Link, Stack } from "@mui/material";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation } from "react-router";
import { toast } from "react-toastify";
import { timings } from "@balcao/contracts";
import { ApiError } from "../../api/http";
import { errorMessage, toastError } from "../../api/toast-error";
import { useAuth } from "../../app/auth";
import { ExpiredPayment } from "../financeiro/ExpiredPayment";
import { paymentTokenOf } from "../financeiro/paymentTokenClient";
import { loginFormSchema } from "./auth-schemas";
import { AuthFrame } from "./AuthFrame";
import { AuthSubmit } from "./AuthSubmit";
import { FormField, PasswordField } from "./FormField";

/** YYYY-MM-DD (the server's details.dueDate) as dd/MM/yyyy, without time-zone shifts. */
function displayDate(iso: unknown): string {
  if (typeof iso !== "string") return "";
  const [y, m, d] = iso.slice(0, 10).split("-");
  return y && m && d ? `${d}/${m}/${y}` : iso;
}

function isExpired(err: unknown): err is ApiError {
  return err instanceof ApiError && err.code === "ERR_SUBSCRIPTION_EXPIRED";
}

/** Sign-up and password reset hand over the account's email. */
function prefilledEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === "string" ? email : "";
}

export default function LoginPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();
  const knownEmail = prefilledEmail(location.state);
  // The error itself is kept so its text follows a language switch.
  const [failure, setFailure] = useState<unknown>(null);
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: knownEmail, password: "" },
    // Not on blur: a message appearing under a field as it loses focus moved the
    // links below it out from under the pointer, so their first click missed.
    mode: "onSubmit",
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      // The public-route guard then leads to the kept location or /tickets (afterLoginPath).
      await auth.login(email, password);
    } catch (err) {
      setFailure(err);
      if (isExpired(err)) {
        // Longer than the usual 2 s: the user has to read a date and whom to call.
        toast.error(expiredText(err), { toastId: "ERR_SUBSCRIPTION_EXPIRED", autoClose: timings.errorToastMs * 3 });
      } else {
        toastError(err);
      }
    }
  });

  const expiredText = (err: ApiError) =>
    t("login.subscriptionExpired", { date: displayDate(err.body.details?.dueDate) });
  const failureText = failure === null ? null : isExpired(failure) ? expiredText(failure) : errorMessage(failure);
  const paymentToken = isExpired(failure) ? paymentTokenOf(failure) : null;

  return (
    <AuthFrame title={t("login.title")} subtitle={t("login.subtitle")}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormField
          control={control}
          name="email"
          label={t("login.form.email")}
          testId="login-email"
          type="email"
          autoComplete="email"
          autoFocus={knownEmail === ""}
        />
        <PasswordField
          control={control}
          name="password"
          label={t("login.form.password")}
          testId="login-password"
          autoComplete="current-password"
          // Coming from sign-up or a reset the email is known: start on the password.
          autoFocus={knownEmail !== ""}
        />
        <Stack direction="row" sx={{ justifyContent: "flex-end", mt: 0.5 }}>
          <Link component={RouterLink} to="/forgetpsw" variant="body2" underline="hover">
            {t("login.buttons.forgotPassword")}
          </Link>
        </Stack>
        <AuthSubmit
          label={t("login.buttons.submit")}
          testId="login-submit"
          submitting={isSubmitting}
          failure={failureText}
          link={{ to: "/signup", label: t("login.buttons.register") }}
          remedy={
            paymentToken && (
              <ExpiredPayment key={paymentToken} paymentToken={paymentToken} onRenewed={() => void onSubmit()} />
            )
          }
        />
      </form>
    </AuthFrame>
  );
}
