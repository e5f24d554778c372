/**
 * A super user's due date (PUT /companies/{id}) is the company's period from
 * then on (issue 30 item 3): an open invoice made for another period is moot.
 * Left open it showed overdue and was what "sign now" paid, although the
 * company was active until the new date; it is cancelled instead, kept for the
 * record, no longer payable. The new period's invoice is made as any other
 * (createDueInvoices). A Pix charge already issued for a cancelled invoice
 * may still be paid at the bank: payInvoice then takes the money as for any
 * invoice (money received is never ignored).
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { invoices } from "../../db/schema/index.js";

/** Cancels the company's open invoices of any period but `dueDate` (all of them when it has none); answers their ids. */
export async function cancelMootInvoices(db: Db | Tx, companyId: number, dueDate: string | null): Promise<number[]> {
  const otherPeriod = dueDate === null ? sql`true` : ne(invoices.dueDate, dueDate);
  const rows = await db
    .update(invoices)
    .set({ status: "cancelled", updatedAt: new Date() })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.status, "open"), otherPeriod))
    .returning({ id: invoices.id });
  return rows.map((r) => r.id);
}
