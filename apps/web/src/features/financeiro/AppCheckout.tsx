/**
 * The checkout of a signed-in admin (/financeiro, /subscription): pays through
 * the session, hears the confirmation on the company's payment channel, and
 * goes to / 4 s after "license renewed until …" (core-platform §4.6).
 */
import { useState } from "react";
import { useNavigate } from "react-router";
import { CheckoutDialog, type CheckoutProps } from "./CheckoutDialog";
import { paySubscription } from "./paySubscription";
import { useRenewalAnnouncement, useSocketRenewal } from "./useRenewal";

export function AppCheckout(props: CheckoutProps) {
  const navigate = useNavigate();
  const [charged, setCharged] = useState(false);
  const renewedUntil = useSocketRenewal(props.invoice.id, charged);
  useRenewalAnnouncement(renewedUntil, () => void navigate("/", { replace: true }));
  return (
    <CheckoutDialog {...props} pay={paySubscription} onCharged={() => setCharged(true)} renewedUntil={renewedUntil} />
  );
}
