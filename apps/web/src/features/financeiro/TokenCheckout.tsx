/**
 * The checkout of an expired company's admin, from the login page (issue 14
 * item 5): pays with the payment token, polls the invoice until it is paid,
 * then signs the person in with what they just typed, 4 s after "license
 * renewed until …". The login's own guard then leads into the app.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { ApiError } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { CheckoutDialog, type CheckoutProps } from "./CheckoutDialog";
import type { PaymentTokenClient } from "./paymentTokenClient";
import { usePolledRenewal, useRenewalAnnouncement } from "./useRenewal";

interface Props extends CheckoutProps {
  client: PaymentTokenClient;
  onRenewed: () => void;
}

/** The polling stopped: the token ran out (sign in again) or the server failed. */
function usePollFailure(failure: Error | null) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!failure) return;
    if (failure instanceof ApiError && failure.status === 401) {
      toast.error(t("expiredPayment.tokenExpired"), { toastId: "payment-token-expired" });
    } else toastError(failure);
  }, [failure, t]);
}

export function TokenCheckout({ client, onRenewed, ...props }: Props) {
  const [charged, setCharged] = useState(false);
  const { renewedUntil, failure } = usePolledRenewal(props.invoice.id, charged, client.invoices);
  useRenewalAnnouncement(renewedUntil, onRenewed);
  usePollFailure(failure);
  return <CheckoutDialog {...props} pay={client.pay} onCharged={() => setCharged(true)} renewedUntil={renewedUntil} />;
}
