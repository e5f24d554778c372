/**
 * The payment confirmation (core-platform §4.6, §7.9): once the invoice is
 * paid the person reads "license renewed until {dueDate}" and, 4 s later,
 * moves on. Signed in, the news comes on `company-{id}-payment` (CONCLUIDA);
 * an expired company's admin has no session, hence no socket, and polls the
 * invoice through the payment token instead (billing-api §4).
 */
import { useEffect, useEffectEvent, useState } from "react";
import { timings, type InvoiceListResponse } from "@balcao/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { useCompanyEvent } from "../../app/socket";
import { formatDueDate } from "../layout/subscription";

/** How often an expired company's checkout asks whether its invoice was paid. */
export const PAYMENT_POLL_MS = 3000;

/** Announces the renewal once `renewedUntil` is known, then runs `then` after 4 s. */
export function useRenewalAnnouncement(renewedUntil: string | null, then: () => void) {
  const { t } = useTranslation();
  const onDone = useEffectEvent(then);
  useEffect(() => {
    if (!renewedUntil) return;
    toast.success(t("checkoutPage.renewed", { date: formatDueDate(renewedUntil) }), {
      toastId: "license-renewed",
      autoClose: timings.paymentRedirectMs,
    });
    const timer = setTimeout(() => onDone(), timings.paymentRedirectMs);
    return () => clearTimeout(timer);
  }, [renewedUntil, t]);
}

/** Signed in: the company's new due date from the realtime confirmation of `invoiceId`, once it comes. */
export function useSocketRenewal(invoiceId: number, waiting: boolean): string | null {
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);
  useCompanyEvent("payment", (payload) => {
    if (!waiting || payload.action !== "CONCLUIDA") return;
    // Another invoice of the company paid elsewhere is not this checkout's news.
    if (payload.invoiceId !== undefined && payload.invoiceId !== invoiceId) return;
    setRenewedUntil(payload.company.dueDate);
  });
  return renewedUntil;
}

/**
 * Without a session: the invoice read every 3 s until it is paid; its renewedUntil then.
 * `failure` is the last read's error (a token that ran out: 401), which stops the polling.
 */
export function usePolledRenewal(invoiceId: number, waiting: boolean, list: () => Promise<InvoiceListResponse>) {
  const query = useQuery({
    queryKey: ["expired-invoices", invoiceId],
    queryFn: list,
    enabled: waiting,
    refetchInterval: (q) => (q.state.error || paidUntil(q.state.data, invoiceId) ? false : PAYMENT_POLL_MS),
    retry: false,
    gcTime: 0,
  });
  return { renewedUntil: paidUntil(query.data, invoiceId), failure: query.error };
}

function paidUntil(data: InvoiceListResponse | undefined, invoiceId: number): string | null {
  const invoice = data?.invoices.find((i) => i.id === invoiceId);
  return invoice?.status === "paid" ? (invoice.renewedUntil ?? invoice.dueDate) : null;
}
