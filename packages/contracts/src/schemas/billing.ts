/**
 * Billing (core-platform §2.19, §3 Invoice / Checkout form / Payment result,
 * §4.6, §5 Checkout, §7.8; SERVER-BEHAVIOUR "Billing"): the invoices list and
 * the checkout call. The server charges an invoice's stored value: of the
 * checkout form it reads the invoice id (and the payer's CPF/CNPJ) only.
 */
import { z } from "zod";
import { listQuerySchema } from "../schemas.js";
import { idSchema } from "./ids.js";

export const billingLimits = {
  pageSize: 20,
  /** Invoices are made this many days ahead of the company's due date. */
  invoiceDaysAhead: 10,
  /** How long the payment token of an expired company's admin lasts. */
  paymentTokenTtlSeconds: 30 * 60,
} as const;

/** The header that carries an expired company's payment token (GET /invoices/all, POST /subscription only). */
export const paymentTokenHeader = "x-payment-token";

/**
 * Stored invoice states; the §4.6 display status (expired) is worked out from the due date. Cancelled is
 * ours (§3: 'paid' or other): an open invoice a super user's due date change made moot (issue 30 item 3).
 */
export const invoiceStatuses = ["open", "paid", "cancelled"] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** GET /invoices/all: the page params; a super user may name another company (the companies screen). */
export const invoiceListQuerySchema = listQuerySchema.extend({ companyId: idSchema.optional() }).loose();

/** A check digit of a CPF or CNPJ: the weighted sum of the digits before it, modulo 11 (Receita Federal). */
function checkDigit(digits: number[], weights: number[]): number {
  const rest = weights.reduce((sum, weight, i) => sum + weight * (digits[i] ?? 0), 0) % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const cnpjWeights = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * Whether the digits of `value` (punctuation aside) are a CPF (11) or a CNPJ
 * (14) whose two check digits hold: the payment provider refuses any other.
 */
export function isCpfCnpj(value: string): boolean {
  const d = [...value.replace(/\D/g, "")].map(Number);
  if ((d.length !== 11 && d.length !== 14) || d.every((x) => x === d[0])) return false;
  const weights = (n: number) =>
    d.length === 11 ? Array.from({ length: n }, (_, i) => n + 1 - i) : cnpjWeights.slice(-n);
  const base = d.length - 2;
  return d[base] === checkDigit(d, weights(base)) && d[base + 1] === checkDigit(d, weights(base + 1));
}

/** A CPF or CNPJ (isCpfCnpj), punctuation allowed, sent on as digits; empty is none. */
const cpfCnpj = z
  .string()
  .max(30)
  .refine((v) => v.trim() === "" || isCpfCnpj(v), "a CPF or CNPJ with valid check digits")
  .transform((v) => v.replace(/\D/g, "") || undefined);

/**
 * POST /subscription: the spec's form is accepted whole, but only these two
 * fields survive validation (zod strips the rest). Plan, price, users and connections are never
 * read (the invoice's stored value is charged); the card fields are dropped
 * here, so they are never stored, logged nor sent on (Pix needs none).
 */
// A plain (stripping) object: every other key of the body is dropped by the parse.
export const subscriptionSchema = z.object({ invoiceId: idSchema, cpfCnpj: cpfCnpj.optional() });
export type SubscriptionRequest = z.output<typeof subscriptionSchema>;

export interface InvoiceDto {
  id: number;
  companyId: number;
  detail: string;
  value: number;
  /** YYYY-MM-DD: the due date of the period this invoice pays. */
  dueDate: string;
  status: InvoiceStatus;
  paidAt: string | null;
  /** YYYY-MM-DD: the company's due date after this invoice was paid. */
  renewedUntil: string | null;
  createdAt: string;
}

export interface InvoiceListResponse {
  invoices: InvoiceDto[];
  count: number;
  hasMore: boolean;
}

/** §3 "Payment result": qrcode.qrcode and valor.original, as the spec's client reads them. */
export interface SubscriptionResponse {
  invoiceId: number;
  qrcode: {
    /** The Pix copy-and-paste code. */
    qrcode: string;
    /** The provider's QR image as a data URL (data:image/png;base64,…). */
    imagemQrcode: string;
    expirationDate: string | null;
  };
  /** The amount, two decimals, as Pix APIs write it. */
  valor: { original: string };
}

/** §4.6 display status: paid; cancelled (never overdue); open but past its due date (highlighted); otherwise open. */
export function invoiceDisplayStatus(invoice: Pick<InvoiceDto, "status" | "dueDate">, today: string) {
  if (invoice.status === "paid" || invoice.status === "cancelled") return invoice.status;
  return invoice.dueDate < today ? ("expired" as const) : ("open" as const);
}
