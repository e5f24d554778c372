/**
 * The checkout of an expired company's admin, from the login page (issue 14
 * item 5): pays with the payment token, polls the invoice until it is paid,
 * then signs the person in with what they just typed, 4 s after "license
 * renewed until …". The login's own guard then leads into the app.
 */
import { useState } from "react";
import { CheckoutDialog, type CheckoutProps } from "./CheckoutDialog";
import type { PaymentTokenClient } from "./paymentTokenClient";
import { usePolledRenewal, useRenewalAnnouncement } from "./useRenewal";

interface Props extends CheckoutProps {
  client: PaymentTokenClient;
  onRenewed: () => void;
}

export function TokenCheckout({ client, onRenewed, ...props }: Props) {
  const [charged, setCharged] = useState(false);
  const renewedUntil = usePolledRenewal(props.invoice.id, charged, client.invoices);
  useRenewalAnnouncement(renewedUntil, onRenewed);
  return <CheckoutDialog {...props} pay={client.pay} onCharged={() => setCharged(true)} renewedUntil={renewedUntil} />;
}
