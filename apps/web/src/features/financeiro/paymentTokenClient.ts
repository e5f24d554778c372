/**
 * An expired company's admin pays without a session (billing-api §4): the
 * login's refusal carries a payment token that opens exactly two calls, sent
 * in X-Payment-Token. Plain fetch, not the app's client: there is no session
 * to refresh, and a 401 here (the token ran out) must not clear the storage.
 */
import { paymentTokenHeader, type InvoiceListResponse, type SubscriptionResponse } from "@balcao/contracts";
import { API_BASE, ApiError } from "../../api/http";
import type { SubscriptionBody } from "./paySubscription";

export interface PaymentTokenClient {
  /** The company's open invoices, and those paid since the token was issued. */
  invoices: () => Promise<InvoiceListResponse>;
  pay: (body: SubscriptionBody) => Promise<SubscriptionResponse>;
}

async function send<T>(token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${API_BASE}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { [paymentTokenHeader]: token, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new ApiError(res.status, (await res.json().catch(() => ({}))) as ApiError["body"]);
  return (await res.json()) as T;
}

export function paymentTokenClient(token: string): PaymentTokenClient {
  return {
    invoices: () => send<InvoiceListResponse>(token, "/invoices/all?pageNumber=1"),
    pay: (body) => send<SubscriptionResponse>(token, "/subscription", body),
  };
}

/** The token the login's ERR_SUBSCRIPTION_EXPIRED refusal carries, when the person may pay. */
export function paymentTokenOf(err: ApiError): string | null {
  const token = (err.body.details as { paymentToken?: unknown } | undefined)?.paymentToken;
  return typeof token === "string" && token ? token : null;
}
