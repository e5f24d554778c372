/**
 * The checkout dialog (core-platform §2.19, §5 "Checkout"): a stepper Data,
 * Customize, Review with Back, Next and Pay. It opens on its first step, Data
 * (issue 30 item 11: opened on the plan card, the payer's address was asked
 * for only after Pay), so Pay is reached with the data checked. Pay asks for a Pix charge of this invoice (the server charges the
 * invoice's stored value, never an amount from here); the answer's QR code
 * and total replace the steps until the confirmation renews the license.
 * How it pays and hears of the payment is the caller's: signed in, or an
 * expired company's payment token (AppCheckout, TokenCheckout).
 */
import { useState } from "react";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Step,
  StepLabel,
  Stepper,
  type PaperProps,
} from "@mui/material";
import type { InvoiceDto, SubscriptionResponse } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { checkoutErrorText } from "./checkoutError";
import { DataStep, PlanCard, ReviewStep } from "./CheckoutSteps";
import { checkoutFormSchema, dataFields, emptyCheckoutForm, type CheckoutFormValues } from "./checkoutForm";
import { subscriptionBody, type SubscriptionBody } from "./paySubscription";
import { PixPayment } from "./PixPayment";

const steps = ["data", "customize", "review"] as const;
const LAST_STEP = steps.length - 1;

export interface CheckoutProps {
  invoice: InvoiceDto;
  /** Prefills the payer's name. */
  companyName?: string;
  onClose: () => void;
}

interface Props extends CheckoutProps {
  pay: (body: SubscriptionBody) => Promise<SubscriptionResponse>;
  /** Told once the charge exists: the caller starts waiting for the confirmation. */
  onCharged: () => void;
  /** The company's new due date once the payment is confirmed. */
  renewedUntil: string | null;
}

function usePay(pay: Props["pay"], invoiceId: number, onCharged: () => void) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (values: CheckoutFormValues) => pay(subscriptionBody(values, invoiceId)),
    onSuccess: () => {
      toast.success(t("checkoutPage.success"));
      onCharged();
    },
    onError: (err) => toast.error(checkoutErrorText(err), { toastId: "checkout-error" }),
  });
}

function Steps({ step }: { step: number }) {
  const { t } = useTranslation();
  return (
    <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
      {steps.map((s, i) => (
        <Step key={s} data-testid={`checkout-stepper-${s}`} completed={i < step}>
          <StepLabel>{t(`checkoutPage.steps.${s}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}

export function CheckoutDialog({ invoice, companyName, onClose, pay, onCharged, renewedUntil }: Props) {
  const { t } = useTranslation();
  const [step, setStep] = useState<number>(0);
  const { control, handleSubmit, trigger } = useForm<CheckoutFormValues>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: emptyCheckoutForm(companyName),
    mode: "onTouched",
  });
  const charge = usePay(pay, invoice.id, onCharged);

  const next = async () => {
    // Leaving the data step checks its fields (and the ZIP against the country).
    if (step === 0 && !(await trigger([...dataFields, "country"]))) return;
    setStep((s) => Math.min(s + 1, LAST_STEP));
  };
  // An incomplete data step sends the person back to it, its errors shown.
  const submit = handleSubmit(
    (values) => charge.mutate(values),
    () => setStep(0),
  );

  const paper = { "data-testid": "checkout-dialog" } as PaperProps;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth scroll="paper" slotProps={{ paper }}>
      <DialogTitle>{t("checkoutPage.title", { id: invoice.id })}</DialogTitle>
      <Box
        component="form"
        noValidate
        // React events cross portals: a form around the opener (the login page's) must not submit too.
        onSubmit={(e) => {
          e.stopPropagation();
          void submit(e);
        }}
        sx={{ display: "contents" }}
      >
        <DialogContent dividers>
          {charge.data ? (
            <PixPayment charge={charge.data} renewedUntil={renewedUntil} />
          ) : (
            <>
              <Steps step={step} />
              {step === 0 && <DataStep control={control} />}
              {step === 1 && <PlanCard invoice={invoice} />}
              {step === 2 && <ReviewStep control={control} invoice={invoice} />}
              {charge.isError && (
                <Alert severity="error" sx={{ mt: 2 }} data-testid="checkout-error">
                  {t("checkoutPage.failed", { reason: checkoutErrorText(charge.error) })}
                </Alert>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          {charge.data ? (
            <Button onClick={onClose} data-testid="checkout-close">
              {t("checkoutPage.buttons.close")}
            </Button>
          ) : (
            <>
              <Button onClick={onClose} color="inherit" data-testid="checkout-cancel">
                {t("checkoutPage.buttons.cancel")}
              </Button>
              <Button disabled={step === 0} onClick={() => setStep((s) => s - 1)} data-testid="checkout-back">
                {t("checkoutPage.buttons.back")}
              </Button>
              {/* Keyed apart: Next turning into the submit button during its own click would submit the form. */}
              {step < LAST_STEP ? (
                <Button key="next" variant="contained" onClick={() => void next()} data-testid="checkout-next">
                  {t("checkoutPage.buttons.next")}
                </Button>
              ) : (
                <Button
                  key="pay"
                  type="submit"
                  variant="contained"
                  loading={charge.isPending}
                  data-testid="checkout-pay"
                >
                  {t("checkoutPage.buttons.pay")}
                </Button>
              )}
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
