/**
 * POST /subscription (core-platform §2.19, §5 Checkout, §7.8; issue 14 item
 * 2): a Pix charge for the invoice's stored value, never a price the client
 * sends. One checkout of a company at a time (an advisory lock): the
 * company's customer is made once, an invoice's open charge is reused, and a
 * failed provider call stores nothing.
 */
import type { SubscriptionRequest, SubscriptionResponse } from "@balcao/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { Tx } from "../../db/client.js";
import { companies, invoices, paymentCustomers } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { isoDate } from "../companies/subscription.js";
import type { BillingViewer } from "./billing-viewer.js";
import { confirmCharge } from "./confirm-payment.js";
import type { InvoiceRow } from "./invoices.queries.js";
import type { PaymentProvider } from "./payment-provider.js";
import { asAppError, paymentProvider } from "./provider.js";

/** The advisory lock space of checkouts (one key per company). */
const CHECKOUT_LOCK = 0x0b111;

/** The invoice, read again once its company's checkout lock is held. */
async function lockedInvoice(tx: Tx, viewer: BillingViewer, invoiceId: number): Promise<InvoiceRow> {
  // Super users may check out any company's invoice; anybody else only their own (another's is as if missing).
  const where = viewer.super
    ? eq(invoices.id, invoiceId)
    : and(eq(invoices.id, invoiceId), eq(invoices.companyId, viewer.companyId));
  const [found] = await tx.select({ companyId: invoices.companyId }).from(invoices).where(where);
  if (!found) throw new AppError("ERR_INVOICE_NOT_FOUND");
  await tx.execute(sql`select pg_advisory_xact_lock(${CHECKOUT_LOCK}, ${found.companyId})`);
  const [invoice] = await tx.select().from(invoices).where(where);
  if (!invoice) throw new AppError("ERR_INVOICE_NOT_FOUND");
  if (invoice.status === "paid") throw new AppError("ERR_INVOICE_ALREADY_PAID");
  if (invoice.status === "cancelled") throw new AppError("ERR_INVOICE_CANCELLED");
  return invoice;
}

/** The company's customer with the provider, made (and kept) at its first checkout. */
async function customerOf(tx: Tx, provider: PaymentProvider, companyId: number, cpfCnpj?: string): Promise<string> {
  const [known] = await tx
    .select({ id: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.companyId, companyId), eq(paymentCustomers.provider, provider.name)));
  if (known) return known.id;
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError("ERR_NO_COMPANY_FOUND");
  const customerId = await provider.ensureCustomer({
    companyId,
    name: company.name,
    email: company.email,
    phone: company.phone,
    cpfCnpj,
  });
  await tx.insert(paymentCustomers).values({ companyId, provider: provider.name, customerId });
  return customerId;
}

type Charged = { kind: "charge"; chargeId: string; invoice: InvoiceRow } | { kind: "paid"; chargeId: string };

/** The invoice's open charge when the provider still has it payable; a paid one is confirmed instead. */
async function existingCharge(provider: PaymentProvider, invoice: InvoiceRow): Promise<Charged | undefined> {
  if (!invoice.chargeId || invoice.chargeProvider !== provider.name) return undefined;
  const charge = await provider.getCharge(invoice.chargeId);
  if (charge?.status === "paid") return { kind: "paid", chargeId: charge.id };
  return charge?.status === "pending" ? { kind: "charge", chargeId: charge.id, invoice } : undefined;
}

async function chargeFor(ctx: Context, provider: PaymentProvider, viewer: BillingViewer, input: SubscriptionRequest) {
  return ctx.db.transaction(async (tx): Promise<Charged> => {
    const invoice = await lockedInvoice(tx, viewer, input.invoiceId);
    const reused = await existingCharge(provider, invoice);
    if (reused) return reused;
    const customerId = await customerOf(tx, provider, invoice.companyId, input.cpfCnpj);
    const today = isoDate(new Date());
    const charge = await provider.createPixCharge({
      customerId,
      value: invoice.value,
      // Asaas takes no due date in the past: an overdue invoice is charged for today.
      dueDate: invoice.dueDate > today ? invoice.dueDate : today,
      description: invoice.detail,
      externalReference: String(invoice.id),
    });
    await tx
      .update(invoices)
      .set({ chargeProvider: provider.name, chargeId: charge.id, updatedAt: new Date() })
      .where(eq(invoices.id, invoice.id));
    return { kind: "charge", chargeId: charge.id, invoice };
  });
}

export async function checkout(
  ctx: Context,
  viewer: BillingViewer,
  input: SubscriptionRequest,
): Promise<SubscriptionResponse> {
  try {
    const provider = await paymentProvider(ctx);
    const charged = await chargeFor(ctx, provider, viewer, input);
    if (charged.kind === "paid") {
      // Paid at the provider while its notice is still on the way: take it now.
      await confirmCharge(ctx, provider, charged.chargeId);
      throw new AppError("ERR_INVOICE_ALREADY_PAID");
    }
    const qr = await provider.pixQrCode(charged.chargeId);
    return {
      invoiceId: charged.invoice.id,
      qrcode: {
        qrcode: qr.payload,
        imagemQrcode: `data:image/png;base64,${qr.encodedImage}`,
        expirationDate: qr.expirationDate,
      },
      valor: { original: charged.invoice.value.toFixed(2) },
    };
  } catch (err) {
    throw asAppError(err);
  }
}
