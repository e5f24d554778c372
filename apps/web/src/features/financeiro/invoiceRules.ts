/**
 * What the invoices table shows of an invoice (core-platform §4.6): 'paid' is
 * paid; an unpaid one whose due date is before today is expired (its row
 * highlighted); anything else is open and can be paid.
 */
import { invoiceDisplayStatus } from "@balcao/contracts";
import { companyDay } from "../../app/company-clock";
import { formatMoney } from "../tickets/messages/detailRules";

export type InvoiceDisplayStatus = ReturnType<typeof invoiceDisplayStatus>;

/** The display status on the company's calendar, as due dates are days. */
export function displayStatus(invoice: { status: string; dueDate: string }, now = new Date()): InvoiceDisplayStatus {
  const today = companyDay(now);
  return invoiceDisplayStatus({ status: invoice.status === "paid" ? "paid" : "open", dueDate: invoice.dueDate }, today);
}

/** Money is always BRL (§1, §9); the person's language writes it ("R$ 49,90", "R$49.90"). */
export function formatBrl(value: number | string, language: string): string {
  const locale = language.startsWith("pt") ? "pt-BR" : language;
  return formatMoney(Number(value), "BRL", locale);
}

type Payable = { status: string; dueDate: string; id: number };

/** The unpaid invoices, the one due first first: an overdue one before the next period's. */
export function unpaidByDueDate<T extends Payable>(invoices: T[]): T[] {
  return invoices.filter((i) => i.status !== "paid").sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id);
}

/** The invoice "sign now" pays: the unpaid one due first. */
export function invoiceToPay<T extends Payable>(invoices: T[]): T | undefined {
  return unpaidByDueDate(invoices)[0];
}
