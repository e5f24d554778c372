/**
 * POST /subscription (core-platform §7.8): the invoice to pay and the payer's
 * data. The card fields stay out of the request altogether: Pix needs none,
 * and card data must never leave the browser (issue 14 item 2). The amount
 * the server charges is the invoice's stored value, whatever is sent.
 */
import type { SubscriptionResponse } from "@balcao/contracts";
import { api } from "../../api/http";
import type { CheckoutFormValues } from "./checkoutForm";

export type SubscriptionBody = Omit<CheckoutFormValues, "cpfCnpj"> & { cpfCnpj?: string; invoiceId: number };

export function subscriptionBody(values: CheckoutFormValues, invoiceId: number): SubscriptionBody {
  const { cpfCnpj, ...rest } = values;
  return { ...rest, ...(cpfCnpj ? { cpfCnpj } : {}), invoiceId };
}

/** The signed-in admin's checkout. */
export function paySubscription(body: SubscriptionBody): Promise<SubscriptionResponse> {
  return api.post<SubscriptionResponse>("/subscription", body);
}
