/**
 * What the invoices table shows of an invoice (core-platform §4.6): 'paid' is
 * paid; 'cancelled' (moot after a due date change, issue 30 item 3) is
 * cancelled; an unpaid one whose due date is before today is expired (its
 * row highlighted); anything else is open and can be paid.
 */
import { invoiceDisplayStatus } from "@balcao/contracts";
import { companyDay } from "../../app/company-clock";

export type InvoiceDisplayStatus = ReturnType<typeof invoiceDisplayStatus>;

/** The display status on the company's calendar, as due dates are days. */
export function displayStatus(invoice: { status: string; dueDate: string }, now = new Date()): InvoiceDisplayStatus {
  const today = companyDay(now);
  const { status } = invoice;
  const known = status === "paid" || status === "cancelled" ? status : "open";
  return invoiceDisplayStatus({ status: known, dueDate: invoice.dueDate }, today);
}

type Payable = { status: string; dueDate: string; id: number };

/** The invoices still to pay (neither paid nor cancelled), the one due first first: an overdue one before the next period's. */
export function unpaidByDueDate<T extends Payable>(invoices: T[]): T[] {
  return invoices.filter((i) => i.status === "open").sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id);
}

/** The invoice "sign now" pays: the unpaid one due first. */
export function invoiceToPay<T extends Payable>(invoices: T[]): T | undefined {
  return unpaidByDueDate(invoices)[0];
}
