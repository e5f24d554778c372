/**
 * Billing realtime (core-platform §4.6, §7.9): once an invoice's payment is
 * committed, company-{companyId}-payment {action: "CONCLUIDA", company:
 * {id, dueDate}} goes to that company's sockets only.
 */
import type { Context } from "../../context.js";

export function subscribeBillingRealtime(ctx: Context): void {
  ctx.events.on("invoice.paid", ({ companyId, invoiceId, dueDate }) => {
    ctx.realtime.emit(
      "payment",
      { companyId },
      { action: "CONCLUIDA", company: { id: companyId, dueDate }, invoiceId },
    );
  });
}
