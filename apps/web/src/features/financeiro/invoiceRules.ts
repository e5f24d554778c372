/**
 * What the invoices table shows of an invoice (core-platform §4.6): 'paid' is
 * paid; an unpaid one whose due date is before today is expired (its row
 * highlighted); anything else is open and can be paid.
 */
import { daysUntil } from "../layout/subscription";
import { formatMoney } from "../tickets/messages/detailRules";

export type InvoiceDisplayStatus = "paid" | "expired" | "open";

export function invoiceDisplayStatus(
  invoice: { status: string; dueDate: string },
  today = new Date(),
): InvoiceDisplayStatus {
  if (invoice.status === "paid") return "paid";
  return daysUntil(invoice.dueDate, today) < 0 ? "expired" : "open";
}

/** Money is always BRL (§1, §9); the person's language writes it ("R$ 49,90", "R$49.90"). */
export function formatBrl(value: number | string, language: string): string {
  const locale = language.startsWith("pt") ? "pt-BR" : language;
  return formatMoney(Number(value), "BRL", locale);
}

/** The invoice "sign now" pays: the unpaid one due first (an overdue one before the next period's). */
export function invoiceToPay<T extends { status: string; dueDate: string; id: number }>(invoices: T[]): T | undefined {
  return invoices
    .filter((i) => i.status !== "paid")
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id)[0];
}
