/**
 * /signup (core-platform §2.5, §5 Sign-up, §7.3): creates a trial company and
 * its admin. The server computes the trial and due date itself; the payload
 * still carries the spec's fields so any client of this family works alike.
 */
import { useEffect, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import { subscription, timings, type PlanDto } from "@balcao/contracts";
import { ApiError, api } from "../../api/http";
import { formatBrl } from "../common/money";
import { errorMessage } from "../../api/toast-error";
import { companyDayFromToday } from "../../app/company-clock";
import { signupFormSchema, type SignupFormInput, type SignupFormOutput } from "./auth-schemas";
import { AuthFrame } from "./AuthFrame";
import { AuthSubmit } from "./AuthSubmit";
import { FormField, PasswordField } from "./FormField";
import { maskPhone } from "./phone-mask";
import { useCompanyIdParam } from "./use-company-id-param";

/** Today plus the trial, as YYYY-MM-DD on a new company's clock (the default zone; the server recomputes it anyway). */
const trialDueDate = () => companyDayFromToday(subscription.trialDays);

/** Backend codes that point at one field: the field shows the code's text too. */
const fieldOfCode: Partial<Record<string, keyof SignupFormInput>> = {
  ERR_EMAIL_ALREADY_EXISTS: "email",
  ERR_COMPANY_NAME_ALREADY_EXISTS: "name",
  ERR_PLAN_NOT_FOUND: "planId",
};

export default function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Read as §2.5 says; what it is for is not specified, so nothing uses it.
  useCompanyIdParam();
  const [failure, setFailure] = useState<unknown>(null);
  const plans = useQuery({ queryKey: ["plans", "public"], queryFn: () => api.get<PlanDto[]>("/plans/list") });
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { isSubmitting },
  } = useForm<SignupFormInput, unknown, SignupFormOutput>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { name: "", email: "", phone: "", password: "", planId: "" },
    mode: "onSubmit",
  });

  // With a single plan there is nothing to choose.
  useEffect(() => {
    const only = plans.data?.length === 1 ? plans.data[0] : undefined;
    if (only && getValues("planId") === "") setValue("planId", String(only.id));
  }, [plans.data, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await api.post("/companies/cadastro", {
        ...values,
        recurrence: "MENSAL",
        dueDate: trialDueDate(),
        status: "t",
        campaignsEnabled: true,
      });
      toast.success(t("signup.toasts.success"));
      // The login form starts with the new account's email.
      await navigate("/login", { state: { email: values.email } });
    } catch (err) {
      setFailure(err);
      const field = err instanceof ApiError && err.code ? fieldOfCode[err.code] : undefined;
      if (field) setError(field, { message: `backendErrors.${(err as ApiError).code}` });
      if (field === "planId") void plans.refetch();
      // Two sentences to read: twice the usual error toast time.
      toast.error(`${t("signup.toasts.error")} ${errorMessage(err)}`, {
        toastId: err instanceof ApiError ? `signup-${err.code ?? err.status}` : "signup-error",
        autoClose: timings.errorToastMs * 2,
      });
    }
  });

  // A native select cuts long options on phones: the chosen plan is spelled out below it.
  const planLabel = (plan: PlanDto) =>
    t("signup.plan.option", {
      name: plan.name,
      users: plan.users,
      connections: plan.connections,
      queues: plan.queues,
      value: formatBrl(plan.value),
    });
  const chosenPlan = plans.data?.find((plan) => String(plan.id) === watch("planId"));
  const planHelp = plans.isError ? t("signup.plan.loadError") : chosenPlan && planLabel(chosenPlan);

  return (
    <AuthFrame title={t("signup.title")} subtitle={t("signup.subtitle", { days: subscription.trialDays })}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormField
          control={control}
          name="name"
          label={t("signup.form.name")}
          testId="signup-name"
          autoComplete="organization"
          autoFocus
        />
        <FormField
          control={control}
          name="email"
          label={t("signup.form.email")}
          testId="signup-email"
          type="email"
          autoComplete="email"
        />
        <FormField
          control={control}
          name="phone"
          label={t("signup.form.phone")}
          testId="signup-phone"
          type="tel"
          autoComplete="tel-national"
          transform={maskPhone}
          htmlInput={{ inputMode: "numeric", placeholder: "(99) 99999-9999" }}
        />
        <PasswordField
          control={control}
          name="password"
          label={t("signup.form.password")}
          testId="signup-password"
          autoComplete="new-password"
        />
        <FormField
          control={control}
          name="planId"
          label={t("signup.form.plan")}
          testId="signup-plan"
          select
          disabled={plans.isPending}
          helperText={planHelp}
        >
          <option value="" disabled>
            {plans.isPending ? t("signup.plan.loading") : t("signup.plan.select")}
          </option>
          {plans.data?.map((plan) => (
            <option key={plan.id} value={String(plan.id)}>
              {planLabel(plan)}
            </option>
          ))}
        </FormField>
        <AuthSubmit
          label={t("signup.buttons.submit")}
          testId="signup-submit"
          submitting={isSubmitting}
          failure={failure === null ? null : errorMessage(failure)}
          failureTitle={t("signup.toasts.error")}
          link={{ to: "/login", label: t("signup.buttons.login") }}
        />
      </form>
    </AuthFrame>
  );
}
