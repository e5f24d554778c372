/** An invoice as the /financeiro page reads it (core-platform §3 Invoice). */
import type { InvoiceDto, InvoiceStatus } from "@balcao/contracts";
import type { InvoiceRow } from "./invoices.queries.js";

export function presentInvoice(row: InvoiceRow): InvoiceDto {
  return {
    id: row.id,
    companyId: row.companyId,
    detail: row.detail,
    value: row.value,
    dueDate: row.dueDate,
    status: row.status as InvoiceStatus,
    paidAt: row.paidAt?.toISOString() ?? null,
    renewedUntil: row.renewedUntil,
    createdAt: row.createdAt.toISOString(),
  };
}
