/**
 * The seam between invoices and whoever collects the money (issue 14 item 3):
 * an instant-payment (Pix) provider. Invoices, checkout and confirmation only
 * speak this interface; Asaas is one implementation (asaas/asaas-provider.ts),
 * and another Pix provider is another file, picked in provider.ts.
 */

/** A charge as its provider reports it; `status` normalised to what billing acts on. */
export interface PixCharge {
  id: string;
  /** pending: awaiting payment; paid: the money arrived (or is confirmed); void: cancelled, refunded, deleted. */
  status: "pending" | "paid" | "void";
  value: number;
  /** What we gave on creation: the invoice id. */
  externalReference: string | null;
}

export interface PixQrCode {
  /** The copy-and-paste code. */
  payload: string;
  /** The QR image, base64 PNG (no data: prefix). */
  encodedImage: string;
  expirationDate: string | null;
}

/** Who pays: a company, registered once with the provider. */
export interface PayerDetails {
  companyId: number;
  name: string;
  email: string | null;
  phone: string | null;
  /** CPF or CNPJ digits, when the checkout gave one. */
  cpfCnpj?: string;
}

export interface NewPixCharge {
  customerId: string;
  value: number;
  /** YYYY-MM-DD, today or later. */
  dueDate: string;
  description: string;
  externalReference: string;
}

export interface PaymentProvider {
  /** Stored with each charge (invoices.charge_provider) and customer. */
  readonly name: string;
  /**
   * The company's customer id with the provider: one it already has for this company (made by an earlier
   * checkout whose charge then failed), else a new one. Billing keeps the id (payment_customers).
   */
  ensureCustomer(payer: PayerDetails): Promise<string>;
  createPixCharge(charge: NewPixCharge): Promise<PixCharge>;
  pixQrCode(chargeId: string): Promise<PixQrCode>;
  /** The charge as the provider has it now; undefined when it knows no such charge. */
  getCharge(chargeId: string): Promise<PixCharge | undefined>;
}

/**
 * A provider call that did not work. `unavailable`: down, timed out, failed,
 * or refused our credentials (the platform's to fix); `refused`: the provider
 * turned the request down (`description`: its words, for the payer);
 * `not_configured`: no access token is set.
 */
export class PaymentProviderError extends Error {
  constructor(
    readonly kind: "unavailable" | "refused" | "not_configured",
    readonly description?: string,
  ) {
    super(`payment provider ${kind}${description ? `: ${description}` : ""}`);
  }
}
