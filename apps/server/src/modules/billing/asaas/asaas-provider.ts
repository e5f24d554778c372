/**
 * Asaas as the Pix provider (issue 14 item 3): a customer per company
 * (POST /v3/customers), a PIX charge per invoice with the invoice id as
 * externalReference (POST /v3/payments), its QR code
 * (GET /v3/payments/{id}/pixQrCode) and the charge as Asaas has it
 * (GET /v3/payments/{id}).
 */
import type { NewPixCharge, PayerDetails, PaymentProvider, PixCharge } from "../payment-provider.js";
import { PaymentProviderError } from "../payment-provider.js";
import type { AsaasClient } from "./asaas-client.js";

/** Asaas' payment object, the fields we read. */
interface AsaasPayment {
  id: string;
  status: string;
  value: number;
  externalReference?: string | null;
  deleted?: boolean;
}

/** Money in (RECEIVED; CONFIRMED, which Asaas sends for a confirmed payment; cash marked by hand). */
const PAID = new Set(["RECEIVED", "CONFIRMED", "RECEIVED_IN_CASH"]);
/** Still payable: waiting, past its date, or held for Asaas' risk analysis. */
const PENDING = new Set(["PENDING", "OVERDUE", "AWAITING_RISK_ANALYSIS"]);

function chargeOf(p: AsaasPayment): PixCharge {
  const status = p.deleted ? "void" : PAID.has(p.status) ? "paid" : PENDING.has(p.status) ? "pending" : "void";
  return { id: p.id, status, value: Number(p.value), externalReference: p.externalReference ?? null };
}

/** A Brazilian mobile number as Asaas takes it (area code and number), else none. */
function mobilePhone(phone: string | null): string | undefined {
  const digits = (phone ?? "").replace(/\D/g, "").replace(/^55(?=\d{10,11}$)/, "");
  return /^\d{10,11}$/.test(digits) ? digits : undefined;
}

/** How a company is named among the account's customers (other systems may share the Asaas account). */
const customerReference = (companyId: number) => `balcao-company-${companyId}`;

/** A path segment for an id Asaas gave (never a path of its own). */
const seg = (id: string) => encodeURIComponent(id);

export function asaasProvider(client: AsaasClient): PaymentProvider {
  const must = <T>(value: T | undefined): T => {
    if (value === undefined) throw new PaymentProviderError("refused", "not found");
    return value;
  };
  return {
    name: "asaas",
    async ensureCustomer(payer: PayerDetails) {
      const reference = customerReference(payer.companyId);
      const found = await client.call<{ data?: { id: string; deleted?: boolean }[] }>(
        "GET",
        `/v3/customers?externalReference=${encodeURIComponent(reference)}`,
      );
      const existing = found?.data?.find((c) => !c.deleted);
      if (existing) return existing.id;
      const created = await client.call<{ id: string }>("POST", "/v3/customers", {
        name: payer.name,
        ...(payer.email ? { email: payer.email } : {}),
        ...(mobilePhone(payer.phone) ? { mobilePhone: mobilePhone(payer.phone) } : {}),
        ...(payer.cpfCnpj ? { cpfCnpj: payer.cpfCnpj } : {}),
        externalReference: reference,
        // Our own screens tell the company; Asaas' e-mails and SMS would repeat them.
        notificationDisabled: true,
      });
      if (!created?.id) throw new PaymentProviderError("unavailable");
      return created.id;
    },
    async createPixCharge(charge: NewPixCharge) {
      const created = must(
        await client.call<AsaasPayment>("POST", "/v3/payments", {
          customer: charge.customerId,
          billingType: "PIX",
          value: charge.value,
          dueDate: charge.dueDate,
          description: charge.description,
          externalReference: charge.externalReference,
        }),
      );
      return chargeOf(created);
    },
    async pixQrCode(chargeId: string) {
      const qr = must(
        await client.call<{ encodedImage: string; payload: string; expirationDate?: string | null }>(
          "GET",
          `/v3/payments/${seg(chargeId)}/pixQrCode`,
        ),
      );
      if (typeof qr.payload !== "string" || typeof qr.encodedImage !== "string") {
        throw new PaymentProviderError("unavailable");
      }
      return { payload: qr.payload, encodedImage: qr.encodedImage, expirationDate: qr.expirationDate ?? null };
    },
    async getCharge(chargeId: string) {
      const found = await client.call<AsaasPayment>("GET", `/v3/payments/${seg(chargeId)}`);
      return found ? chargeOf(found) : undefined;
    },
  };
}
