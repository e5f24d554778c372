/**
 * The only way an invoice becomes paid and a company's due date moves
 * forward by itself (issue 14 items 4 and 6): a charge we made, which its
 * provider says, when asked, is paid. A webhook, the re-check job and a
 * checkout that finds its charge already paid all come here, and each
 * invoice is paid once: the invoice row is locked and a paid one is left as
 * it is, so repeated or out-of-order notices change nothing.
 */
import { isRecurrence, type Recurrence } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { companies, invoices } from "../../db/schema/index.js";
import { companyChanged } from "../auth/session-end.js";
import { queueCompanyState } from "../companies/company-state.job.js";
import { isoDate, renewDueDate } from "../companies/subscription.js";
import { invoiceOfCharge } from "./invoices.queries.js";
import type { PaymentProvider } from "./payment-provider.js";

export type ConfirmOutcome = "paid" | "already-paid" | "not-paid" | "unknown";

/**
 * Marks the invoice paid and moves its company's due date by the recurrence
 * from the later of today and the old due date (SERVER-BEHAVIOUR "Billing"),
 * with invoice.paid in the same transaction. Answers the new due date, or
 * undefined when the invoice was paid already (or is gone).
 */
export async function payInvoice(ctx: Context, invoiceId: number, today: string): Promise<string | undefined> {
  const renewed = await ctx.events.transaction(async (t) => {
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update");
    if (!invoice || invoice.status === "paid") return undefined;
    const [company] = await t.db.select().from(companies).where(eq(companies.id, invoice.companyId)).for("update");
    if (!company) return undefined;
    const recurrence: Recurrence = isRecurrence(company.recurrence) ? company.recurrence : "MENSAL";
    const dueDate = renewDueDate(company.dueDate, recurrence, today);
    const now = new Date();
    await t.db.update(companies).set({ dueDate, updatedAt: now }).where(eq(companies.id, company.id));
    await t.db
      .update(invoices)
      .set({ status: "paid", paidAt: now, renewedUntil: dueDate, updatedAt: now })
      .where(eq(invoices.id, invoice.id));
    t.record("invoice.paid", { companyId: company.id, invoiceId, dueDate });
    // An expired company works again: its kept jobs and its connections resume.
    await queueCompanyState(t, company.id);
    return { ...company, dueDate };
  });
  if (!renewed) return undefined;
  // A company that was expired may work again at once (no cached refusal survives).
  companyChanged(ctx, renewed);
  ctx.log.info({ companyId: renewed.id, invoiceId, dueDate: renewed.dueDate }, "invoice paid; company renewed");
  return renewed.dueDate;
}

/**
 * What a notice about `chargeId` is worth: nothing until the provider itself
 * says the charge is paid, and only for a charge we made for an open invoice
 * (its externalReference naming that invoice, its value at least the invoice's).
 */
export async function confirmCharge(
  ctx: Context,
  provider: PaymentProvider,
  chargeId: string,
): Promise<ConfirmOutcome> {
  const invoice = await invoiceOfCharge(ctx.db, provider.name, chargeId);
  if (!invoice) return "unknown";
  if (invoice.status === "paid") return "already-paid";
  const charge = await provider.getCharge(chargeId);
  if (!charge || charge.status !== "paid") return "not-paid";
  if (charge.externalReference !== String(invoice.id) || charge.value + 0.005 < invoice.value) {
    ctx.log.warn({ chargeId, invoiceId: invoice.id }, "paid charge does not match its invoice; left unpaid");
    return "not-paid";
  }
  return (await payInvoice(ctx, invoice.id, isoDate(new Date()))) ? "paid" : "already-paid";
}
